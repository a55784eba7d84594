import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, openSession, type Motion, type Session } from './browser';
import { startServer, type RunningServer } from './server';

export interface ConsoleHarness {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser profile for this test, closed after it. */
  open(locale?: string, motion?: Motion): Promise<Session>;
}

/**
 * Registers the lifecycle every console browser test shares: one built server and one Chromium for
 * the file, a fresh browser session per test.
 */
export function useConsoleHarness(): ConsoleHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: Session | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await session?.context.close();
    session = undefined;
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console harness has not started yet');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async open(locale, motion) {
      session = await openSession(started(browser), started(server).baseUrl, locale, motion);
      return session;
    },
  };
}
