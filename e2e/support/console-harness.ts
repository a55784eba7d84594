import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, openSession, type Motion, type Session } from './browser';
import { signInAsRoot, signInToConsole } from './console';
import { startServer, type RunningServer } from './server';

export interface ConsoleHarness {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser profile for this test, closed after it. */
  open(locale?: string, motion?: Motion): Promise<Session>;
  /** A fresh profile signed in as root, on /token (see signInAsRoot). */
  openAsRoot(locale?: string): Promise<Session>;
  /** A fresh profile signed in through the login form as `username`, past the login page. */
  openAs(username: string, password: string, locale?: string): Promise<Session>;
}

/**
 * Registers the lifecycle every console browser test shares: one built server and one Chromium for
 * the file, fresh browser sessions per test.
 */
export function useConsoleHarness(): ConsoleHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.context.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console harness has not started yet');
    return value;
  };
  const open = async (locale?: string, motion?: Motion): Promise<Session> => {
    const session = await openSession(started(browser), started(server).baseUrl, locale, motion);
    sessions.push(session);
    return session;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    open,
    async openAsRoot(locale) {
      const session = await open(locale);
      await signInAsRoot(session.page);
      return session;
    },
    async openAs(username, password, locale) {
      const session = await open(locale);
      await signInToConsole(session.page, username, password);
      return session;
    },
  };
}

/** Starts a helper (a fake upstream, a mail catcher) before the file's tests and stops it after them. */
export function useForFile<T>(start: () => Promise<T>, stop: (started: T) => Promise<void>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => {
    if (value === undefined) throw new Error('the helper has not started yet');
    return value;
  };
}
