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

export type Motion = 'reduce' | 'no-preference';

/**
 * A fresh profile (cookies, storage) with a Chinese browser locale unless told otherwise. It asks for
 * reduced motion unless told otherwise, so dialogs open at once: under a heavy load a click that landed
 * on a dialog still zooming in was lost three times.
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  locale = 'zh-CN',
  motion: Motion = 'reduce',
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale,
    reducedMotion: motion,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
