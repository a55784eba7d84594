import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAnthropicUpstream } from '../../../testing/fake-anthropic-upstream';
import { FakeFileServer } from '../../../testing/fake-file-server';
import { startLoopbackServer } from '../../../testing/loopback-server';
import { addChannel, addToken, addUser } from '../../../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const MODEL = 'claude-sonnet-4-20250514';
const MB = 1024 * 1024;

interface Gateway {
  server: TestServer;
  apiKey: string;
}

let files: FakeFileServer;
let upstream: FakeAnthropicUpstream;
/** internal addresses refused, as shipped */
let guarded: Gateway;
/** OUTBOUND_ALLOW_INTERNAL=true, so that the caps can be tried on the fake file server */
let allowing: Gateway;

async function gateway(environment: Record<string, string>): Promise<Gateway> {
  const server = await startTestServer({ environment });
  await addChannel(server, {
    name: 'bedrock',
    type: 33,
    baseUrl: upstream.url,
    key: 'AKIDBEDROCK|bedrock-secret|us-west-2',
    models: [MODEL],
  });
  const userId = await addUser(server, 'image-sender', { quota: 50_000_000 });
  return { server, apiKey: (await addToken(server, userId, { unlimited: true })).apiKey };
}

beforeAll(async () => {
  files = await new FakeFileServer().start();
  upstream = await new FakeAnthropicUpstream('bedrock-secret').start();
  guarded = await gateway({});
  allowing = await gateway({ OUTBOUND_ALLOW_INTERNAL: 'true' });
});
afterAll(async () => {
  await guarded.server.stop();
  await allowing.server.stop();
  await upstream.stop();
  await files.stop();
});

async function chatWithImages(target: Gateway, urls: string[]) {
  const content = [
    { type: 'text', text: 'Describe' },
    ...urls.map((url) => ({ type: 'image_url', image_url: { url } })),
  ];
  const response = await target.server.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content }] }),
  });
  const body = (await response.json()) as { error?: { message: string; code: string } };
  return { status: response.status, message: body.error?.message ?? '', code: body.error?.code ?? '' };
}

describe('image URLs on a Bedrock channel go through the outbound guard', () => {
  it('an open and a closed port on 127.0.0.1 get the same refusal, and nothing reaches the open one', async () => {
    const closing = await startLoopbackServer((_request, response) => response.end());
    await closing.stop();
    const sentUpstream = upstream.received.length;
    const open = await chatWithImages(guarded, [`${files.url}/bytes/10`]);
    const closed = await chatWithImages(guarded, [`${closing.url}/bytes/10`]);
    expect(open).toMatchObject({ status: 400, code: 'image_fetch_failed' });
    expect(closed).toMatchObject({ status: 400, code: 'image_fetch_failed' });
    const generic = (message: string) =>
      message.replace(/http:\/\/127\.0\.0\.1:\d+/, 'URL').replace(/\(request id: .*\)/, '');
    expect(generic(open.message)).toBe(generic(closed.message));
    expect(open.message).toContain('the address is not allowed, could not be reached or did not answer successfully');
    expect(files.requests).toBe(0);
    expect(upstream.received.length).toBe(sentUpstream);
  });

  it('refuses link-local, private and loopback addresses by literal or by name', async () => {
    const port = new URL(files.url).port;
    for (const url of [
      'http://169.254.169.254/latest/meta-data/iam',
      'http://[fe80::1]/',
      'http://10.0.0.8/a.png',
      'http://192.168.0.1/a.png',
      `http://localhost:${port}/bytes/10`,
      `http://[::ffff:127.0.0.1]:${port}/bytes/10`,
    ]) {
      expect(await chatWithImages(guarded, [url]), url).toMatchObject({ status: 400, code: 'image_fetch_failed' });
    }
    expect(files.requests).toBe(0);
  });

  it('refuses more than 16 images before fetching any: three calls of 40 images fetch nothing', async () => {
    const forty = Array.from({ length: 40 }, (_, index) => `${files.url}/bytes/${4 * MB + index}`);
    for (let call = 0; call < 3; call += 1) {
      const refused = await chatWithImages(allowing, forty);
      expect(refused).toMatchObject({ status: 400, code: 'image_too_many' });
      expect(refused.message).toContain('at most 16 linked files fetched; this one has 40');
    }
    expect(files.requests).toBe(0);
    expect(files.bytesSent).toBe(0);
  });

  it('caps one image at 5 MB and the images of a call at 20 MB together', async () => {
    const tooLarge = await chatWithImages(allowing, [`${files.url}/bytes/${5 * MB + 1}`]);
    expect(tooLarge).toMatchObject({ status: 400, code: 'image_too_large' });
    expect(tooLarge.message).toContain(`larger than the limit of ${5 * MB} bytes per file`);
    const together = await chatWithImages(
      allowing,
      Array.from({ length: 5 }, () => `${files.url}/bytes/${Math.floor(4.5 * MB)}`),
    );
    expect(together).toMatchObject({ status: 400, code: 'image_too_large' });
    expect(together.message).toContain(`exceed the limit of ${20 * MB} bytes together`);
    const sentUpstream = upstream.received.length;
    expect(
      await chatWithImages(allowing, [`${files.url}/bytes/${4 * MB}`, `${files.url}/bytes/${4 * MB}`]),
    ).toMatchObject({ status: 200 });
    expect(upstream.received.length).toBe(sentUpstream + 1);
  });
});
