import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** A fresh profile (cookies, storage) with a Chinese browser locale unless told otherwise. */
export async function openSession(browser: Browser, baseUrl: string, locale = 'zh-CN'): Promise<Session> {
  const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
