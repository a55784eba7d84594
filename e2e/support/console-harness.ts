import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, openSession, type Motion, type Session } from './browser';
import { signInAsRoot, signInToConsole } from './console';
import type { ConsoleClient } from '../../server/src/testing/console-client';
import { addUser, rootClient, startServer, type RunningServer } from './server';

export interface ConsoleHarness {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser profile for this test, closed after it (on the server's address unless `origin` is given). */
  open(locale?: string, options?: { motion?: Motion; origin?: string }): Promise<Session>;
  /** A fresh profile signed in as root, on /token (see signInAsRoot) or then on `path`. */
  openAsRoot(locale?: string, path?: string): Promise<Session>;
  /** A fresh profile signed in through the login form as `username`, past the login page. */
  openAs(username: string, password: string, locale?: string): Promise<Session>;
  /** Adds a user through root's API; answers root's API client. */
  addUser(username: string, password: string): Promise<ConsoleClient>;
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
  const open: ConsoleHarness['open'] = async (locale, options = {}) => {
    const session = await openSession(
      started(browser),
      options.origin ?? started(server).baseUrl,
      locale,
      options.motion,
    );
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
    async openAsRoot(locale, path) {
      const session = await open(locale);
      await signInAsRoot(session.page);
      if (path) await session.page.goto(path);
      return session;
    },
    async openAs(username, password, locale) {
      const session = await open(locale);
      await signInToConsole(session.page, username, password);
      return session;
    },
    async addUser(username, password) {
      const asRoot = await rootClient(started(server));
      await addUser(asRoot, username, password);
      return asRoot;
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
