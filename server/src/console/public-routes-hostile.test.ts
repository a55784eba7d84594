import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../testing/console-client';
import { FakeStripe } from '../testing/fake-stripe';
import { configurePayments } from '../testing/stripe-settings';
import { signIn, startTestServer, type TestServer } from '../testing/test-server';
import { CookieSession } from '../testing/two-factor-kit';
import { quotaOf } from '../testing/wallet-fixtures';
import { whileServing } from '../testing/loop-watch';
import { signInNewUser } from '../testing/token-fixtures';

/**
 * The routes a stranger reaches that came with two-factor sign-in, passkeys, key reveal and Stripe, used as a
 * hostile caller would: bodies past the limits, deep nesting, NUL bytes and floods. Each answer is a refusal
 * that changes nothing, and the loop keeps serving other callers meanwhile.
 */
const WEBHOOK_SECRET = 'whsec_hostile';
const MIB = 1024 * 1024;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let server: TestServer;
const stripe = new FakeStripe();
let customer: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer();
  const root = consoleClient(server, await signIn(server, 'root', '123456'));
  await configurePayments(root, {
    ServerAddress: 'https://gateway.example',
    StripeApiSecret: 'sk_test_hostile',
    StripeWebhookSecret: WEBHOOK_SECRET,
    StripePriceId: 'price_unit',
    StripeUnitPrice: '8',
    StripeApiAddress: stripe.url,
    'passkey.enabled': 'true',
    'passkey.rp_id': 'console.example',
    'passkey.origins': 'https://console.example',
  });
  const headers = await signInNewUser(server, 'hostile-payer');
  customer = { id: Number(headers['New-Api-User']), headers };
});

afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

const deliver = (body: string, signature: string) =>
  server.call('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });

describe('the Stripe webhook under hostile deliveries', () => {
  it('refuses a body past 1 MiB before reading its signature, and credits nothing', async () => {
    const before = await quotaOf(server, customer.id);
    const huge = FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.completed', {
      client_reference_id: 'x'.repeat(MIB + 10),
    });
    const refused = await deliver(huge.body, huge.signature);
    // The console's convention (the reference's): a refusal is a 200 with success false.
    expect(await refused.json()).toEqual({ success: false, message: '请求体过大：最多 1 MB' });
    expect(await quotaOf(server, customer.id)).toEqual(before);
  });

  it('answers unsigned, deeply nested and NUL-laden bodies with 400 while serving others', async () => {
    const before = await quotaOf(server, customer.id);
    const forged = FakeStripe.event('whsec_someone_else', 'checkout.session.completed', { client_reference_id: 'ref' });
    const { result, slowestStatusMs, loopStallMs } = await whileServing(
      server,
      Promise.all([
        deliver(`{"type":"checkout.session.completed","data":${nested(400_000)}}`, forged.signature),
        deliver(`{"type":"checkout.session.completed","data":{"object":"a\u0000b"}}`, forged.signature),
        deliver(forged.body, 't=1,v1=00'),
        deliver(forged.body, ''),
        ...Array.from({ length: 50 }, () => deliver(forged.body, forged.signature)),
      ]),
    );
    expect(result.map((answer) => answer.status)).toEqual(Array(54).fill(400));
    expect(await quotaOf(server, customer.id)).toEqual(before);
    // Generous for a shared 2-core machine; a parse or signature check on the loop of this size took seconds.
    expect(slowestStatusMs).toBeLessThan(1_000);
    expect(loopStallMs).toBeLessThan(400);
  });
});

describe('sign-in routes under hostile bodies', () => {
  it('the second-factor step refuses an oversized code or flow token without a session change', async () => {
    const visitor = new CookieSession(server);
    for (const body of [
      { code: '1'.repeat(10_000) },
      { code: '123456', flow_token: 'f'.repeat(10_000) },
      { code: ['1', '2'] },
    ]) {
      const answer = await visitor.send('POST', '/user/login/2fa', body);
      expect(answer.success).toBe(false);
    }
    expect((await visitor.send('GET', '/user/self')).success).toBe(false);
  });

  it('the passkey step refuses a 6 MiB credential and a nested one, signs nobody in, and keeps serving others', async () => {
    const visitor = new CookieSession(server);
    const begun = await visitor.send<{ flow_token: string }>('POST', '/user/passkey/login/begin');
    const flowToken = begun.data?.flow_token ?? '';
    expect(flowToken).not.toBe('');
    const { result, loopStallMs } = await whileServing(
      server,
      Promise.all([
        visitor.send('POST', '/user/passkey/login/finish', {
          flow_token: flowToken,
          credential: {
            id: 'a',
            rawId: 'a',
            type: 'public-key',
            response: { clientDataJSON: 'A'.repeat(6 * MIB), authenticatorData: 'A', signature: 'A' },
          },
        }),
        server.call('/api/user/passkey/login/finish', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"flow_token":"${flowToken}","credential":{"response":${nested(100_000)}}}`,
        }),
      ]),
    );
    expect((result[0] as { success: boolean }).success).toBe(false);
    expect((result[1] as Response).status).toBe(400);
    expect(loopStallMs).toBeLessThan(400);
    expect((await visitor.send('GET', '/user/self')).success).toBe(false);
  });
});

describe('key reveal under hostile bodies', () => {
  it('refuses 100,000 ids and nested ids with a clear message, and reveals nothing', async () => {
    const owner = consoleClient(server, customer.headers);
    const many = await owner<{ keys: Record<string, string> }>('POST', '/token/batch/keys', {
      ids: Array.from({ length: 99_000 }, (_, index) => index + 1),
    });
    expect(many).toMatchObject({ success: false, message: expect.stringContaining('100') });
    expect(many.data).toBeUndefined();
    const deep = await server.call('/api/token/batch/keys', {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json', 'accept-language': 'en' },
      body: `{"ids":${nested(1_000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toContain('levels');
  });
});
