import { expect } from 'vitest';
import type { DatabaseSettings } from '../db/database';
import { ChatLoad, expectExactBilling, readLedger, setUpBilling, type BillingSetup, type Ledger } from './crash-load';
import type { ServerProcess } from './server-process';

/** How many clients call at once: also how many calls may be in flight when a process is killed. */
export const LOAD_CLIENTS = 12;

export interface RunningLoad {
  setup: BillingSetup;
  /** the ledger before the first call */
  before: Ledger;
  load: ChatLoad;
}

/** Sets up a billed user and token, then calls the server from LOAD_CLIENTS clients until `warmUp` calls were answered. */
export async function startLoad(
  server: ServerProcess,
  upstreamUrl: string,
  settings: DatabaseSettings,
  warmUp: number,
): Promise<RunningLoad> {
  const setup = await setUpBilling(server, upstreamUrl);
  const before = await readLedger(settings, setup);
  const load = new ChatLoad(() => [server.url], setup.apiKey, LOAD_CLIENTS);
  await expect.poll(() => load.answered, { timeout: 15_000, interval: 50 }).toBeGreaterThan(warmUp);
  return { setup, before, load };
}

/** Waits until the clients got 100 more answers than they have now. */
export async function expectStillAnswering(load: ChatLoad): Promise<void> {
  const answeredNow = load.answered;
  await expect.poll(() => load.answered, { timeout: 15_000, interval: 50 }).toBeGreaterThan(answeredNow + 100);
}

/** Reads the ledger once the servers stopped and checks that every answered call was billed and logged once. */
export async function expectEveryAnswerBilled(
  { setup, before, load }: RunningLoad,
  settings: DatabaseSettings,
  label: string,
): Promise<Ledger> {
  const ledger = await readLedger(settings, setup);
  console.info(`${label}: answered ${load.answered}, failed ${load.failed}, logged ${ledger.logRows - before.logRows}`);
  expectExactBilling(ledger, before, load.answered, LOAD_CLIENTS);
  return ledger;
}
