import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';

const PASSWORD = 'password123';
const LIMIT = 5;

describe('failed sign-ins are counted per address and account', () => {
  let server: TestServer;

  beforeAll(async () => {
    // The test client is a trusted proxy, so X-Forwarded-For stands for the sign-in's address.
    server = await startTestServer({
      environment: {
        CRITICAL_RATE_LIMIT: String(LIMIT),
        CRITICAL_RATE_LIMIT_DURATION: '600',
        TRUSTED_PROXIES: '127.0.0.1',
      },
    });
    for (const name of ['alice', 'bob', 'carol', 'dave']) await addUser(server, name);
    await server.context.database.db
      .updateTable('users')
      .set({ email: 'dave@example.com' })
      .where('username', '=', 'dave')
      .execute();
  });
  afterAll(async () => {
    await server.stop();
  });

  const signIn = async (address: string, username: string, password: string) => {
    const response = await server.call('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'accept-language': 'en' },
      body: JSON.stringify({ username, password }),
    });
    return { status: response.status, ...((await response.json()) as { success: boolean; message: string }) };
  };

  it('one address guessing one account locks that pair only: others behind the address, and the account elsewhere, sign in', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect(await signIn('10.0.0.1', 'alice', 'wrong-password')).toMatchObject({ status: 200, success: false });
    }
    expect(await signIn('10.0.0.1', 'alice', PASSWORD)).toEqual({
      status: 429,
      success: false,
      message: 'Too many failed sign-ins, please try again in 10 minutes',
    });
    expect(await signIn('10.0.0.1', 'bob', PASSWORD)).toMatchObject({ status: 200, success: true });
    expect(await signIn('10.0.0.2', 'alice', PASSWORD)).toMatchObject({ status: 200, success: true });
  });

  it('counts an account once whether it is named by username or by email', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      await signIn('10.0.3.1', attempt % 2 === 0 ? 'dave' : 'dave@example.com', 'wrong-password');
    }
    expect(await signIn('10.0.3.1', 'dave@example.com', PASSWORD)).toMatchObject({ status: 429, success: false });
    expect(await signIn('10.0.3.1', 'dave', PASSWORD)).toMatchObject({ status: 429, success: false });
  });

  it('failures from several addresses together reach the looser per-account cap', async () => {
    for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      for (let attempt = 0; attempt < LIMIT; attempt += 1) await signIn(address, 'carol', 'wrong-password');
    }
    expect(await signIn('10.0.1.4', 'carol', PASSWORD)).toMatchObject({ status: 429, success: false });
    expect(await signIn('10.0.1.4', 'bob', PASSWORD)).toMatchObject({ status: 200, success: true });
  });

  it('failures spread over many accounts from one address lock none of the others behind it', async () => {
    for (let attempt = 0; attempt < LIMIT * 10; attempt += 1)
      await signIn('10.0.2.1', `nobody${attempt}`, 'wrong-password');
    expect(await signIn('10.0.2.1', 'bob', PASSWORD)).toMatchObject({ status: 200, success: true });
  });
});

describe('a wrong password costs the same whether or not the account exists', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await addUser(server, 'timed');
  });
  afterAll(async () => {
    await server.stop();
  });

  const timedFailure = async (username: string) => {
    const started = performance.now();
    const response = await server.call('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'wrong-password' }),
    });
    expect(await response.json()).toMatchObject({ success: false });
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  it('unknown-user and wrong-password sign-ins take comparable time (medians within 2x)', async () => {
    await timedFailure('no-such-user-warm-up');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      known.push(await timedFailure('timed'));
      unknown.push(await timedFailure(`no-such-user-${round}`));
    }
    const ratio = median(known) / median(unknown);
    expect(ratio, `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeLessThan(2);
    expect(ratio).toBeGreaterThan(0.5);
  });
});
