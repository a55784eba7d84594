import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../testing/console-client';
import { CRASH_MODEL, setUpBilling, type BillingSetup } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { signIn } from '../testing/test-server';
import { twoWorkerServer } from '../testing/two-workers';

const KEYS = ['turn-key-0', 'turn-key-1', 'turn-key-2'];
const CLAUDE = 'claude-sonnet-4-5-20250929';

/**
 * WORKERS=2: a polling multi-key channel's turn is one for the gateway. Calls alternating between the
 * workers still reach the keys in turn (each worker counting alone would send two calls in a row to
 * the same key).
 */
describe('WORKERS=2: multi-key polling and channel affinity', () => {
  const upstream = new FakeOpenAIUpstream();
  const claudeA = new FakeOpenAIUpstream();
  const claudeB = new FakeOpenAIUpstream();
  const workers = twoWorkerServer('multi-key-workers');
  let setup: BillingSetup;

  beforeAll(async () => {
    await Promise.all([upstream.start(), claudeA.start(), claudeB.start()]);
    const { server } = workers;
    setup = await setUpBilling(server, upstream.url);
    const headers = await signIn({ call: (path, init) => fetch(`${server.url}${path}`, init) }, 'root', '123456');
    const send = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, headers);
    const created = await send('POST', '/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: {
        type: 1,
        name: 'three keys',
        key: KEYS.join('\n'),
        base_url: upstream.url,
        models: CRASH_MODEL,
        group: 'default',
        priority: 10,
      },
    });
    expect(created.success, created.message).toBe(true);
    for (const [name, fake] of [
      ['claude a', claudeA],
      ['claude b', claudeB],
    ] as const) {
      const claude = await send('POST', '/channel/', {
        type: 1,
        name,
        key: 'sk-claude',
        base_url: fake.url,
        models: CLAUDE,
        group: 'default',
      });
      expect(claude.success, claude.message).toBe(true);
    }
  }, 60_000);

  afterAll(() => Promise.all([upstream.stop(), claudeA.stop(), claudeB.stop()]));

  it('calls alternating between the workers reach each key in turn', async () => {
    const { first, second } = workers;
    upstream.received.length = 0;
    for (let call = 0; call < 12; call += 1) {
      const reply = await (call % 2 === 0 ? first : second).call('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${setup.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: CRASH_MODEL, messages: [{ role: 'user', content: 'hello' }], max_tokens: 5 }),
      });
      expect(reply.status).toBe(200);
    }
    const seen = upstream.received.map((request) => String(request.headers.authorization).replace('Bearer ', ''));
    const offset = KEYS.indexOf(seen[0]!);
    expect(seen).toEqual(seen.map((_, call) => KEYS[(offset + call) % KEYS.length]));
  });

  it('Claude Code calls of one session alternating between the workers all reach one channel', async () => {
    const { first, second } = workers;
    // Several sessions: with a cache per worker, each would stay on one channel only by chance (1 in 2 each).
    for (const session of ['session-one', 'session-two', 'session-three', 'session-four']) {
      const before = [claudeA.received.length, claudeB.received.length];
      for (let call = 0; call < 6; call += 1) {
        const reply = await (call % 2 === 0 ? first : second).call('/v1/messages', {
          method: 'POST',
          headers: { 'x-api-key': setup.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
          body: JSON.stringify({
            model: CLAUDE,
            max_tokens: 5,
            metadata: { user_id: session },
            messages: [{ role: 'user', content: 'hello' }],
          }),
        });
        expect(reply.status).toBe(200);
      }
      expect({
        session,
        served: [claudeA.received.length - before[0]!, claudeB.received.length - before[1]!].sort(),
      }).toEqual({ session, served: [0, 6] });
    }
  });
});
