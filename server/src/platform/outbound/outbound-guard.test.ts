import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeFileServer } from '../../testing/fake-file-server';
import { startLoopbackServer } from '../../testing/loopback-server';
import { CALLER_FETCH_LIMITS, CallerFetcher, OutboundFetchError } from './caller-fetcher';
import { fetchConfigured } from './configured-fetch';
import { isInternalAddress } from './internal-addresses';
import { TooLargeError } from './outbound-request';

const MB = 1024 * 1024;
let files: FakeFileServer;
let refusing: CallerFetcher;
let allowing: CallerFetcher;

beforeAll(async () => {
  files = await new FakeFileServer().start();
  refusing = new CallerFetcher(false);
  allowing = new CallerFetcher(true);
});
afterAll(async () => {
  await Promise.all([refusing.close(), allowing.close()]);
  await files.stop();
});

async function failureOf(attempt: Promise<unknown>): Promise<OutboundFetchError> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundFetchError);
  return error as OutboundFetchError;
}

/** A port nothing listens on: a server's port after it stopped. */
async function closedPort(): Promise<string> {
  const server = await startLoopbackServer((_request, response) => response.end());
  await server.stop();
  return new URL(server.url).port;
}

describe('the outbound guard', () => {
  it('classifies internal addresses, IPv4-mapped IPv6 included', () => {
    const internal = [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ];
    for (const address of internal) expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '172.32.0.1', '100.128.0.1'])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it('refuses an open and a closed internal port with the same words, and never connects', async () => {
    const port = new URL(files.url).port;
    const open = await failureOf(refusing.session().fetch(`http://127.0.0.1:${port}/bytes/10`));
    const closedUrl = `http://127.0.0.1:${await closedPort()}/bytes/10`;
    const closed = await failureOf(refusing.session().fetch(closedUrl));
    // Reached with internal addresses allowed, a closed port and a bad status still read the same.
    const refusedConnection = await failureOf(allowing.session().fetch(closedUrl));
    const badStatus = await failureOf(allowing.session().fetch(`${files.url}/status/404`));
    const generic = (error: OutboundFetchError) => error.text.en.replace(/http:\/\/\S+:/, 'URL:');
    expect(open.failure).toBe('unreachable');
    for (const other of [closed, refusedConnection, badStatus]) {
      expect(other.failure).toBe('unreachable');
      expect(generic(other)).toBe(generic(open));
    }
    expect(open.text.zh).toContain('无法获取');
    expect(files.requests).toBe(1);
  });

  it('refuses names and literals of loopback, link-local, private and mapped addresses, and other schemes', async () => {
    files.requests = 0;
    const port = new URL(files.url).port;
    for (const url of [
      `http://localhost:${port}/bytes/1`,
      `http://[::ffff:127.0.0.1]:${port}/bytes/1`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://0.0.0.0/',
      'https://192.168.1.1/',
    ]) {
      expect((await failureOf(refusing.session().fetch(url))).failure, url).toBe('unreachable');
    }
    expect(files.requests).toBe(0);
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'not an address']) {
      expect((await failureOf(refusing.session().fetch(url))).failure, url).toBe('unsupported');
    }
  });

  it('checks every redirect hop, and follows at most three', async () => {
    files.requests = 0;
    const port = new URL(files.url).port;
    const onlyFirstLoopback = new CallerFetcher((address) => address !== '127.0.0.1');
    try {
      const followed = await onlyFirstLoopback.session().fetch(`${files.url}/redirect?to=/bytes/3`);
      expect(followed.bytes).toEqual(Buffer.alloc(3, 1));
      expect(files.requests).toBe(2);
      const hop = await failureOf(
        onlyFirstLoopback
          .session()
          .fetch(`${files.url}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/bytes/3`)}`),
      );
      expect(hop.failure).toBe('unreachable');
      expect(files.requests).toBe(3);
      let chain = '/bytes/3';
      for (let hops = 0; hops < 4; hops += 1) chain = `/redirect?to=${encodeURIComponent(chain)}`;
      expect((await failureOf(onlyFirstLoopback.session().fetch(`${files.url}${chain}`))).failure).toBe('unreachable');
    } finally {
      await onlyFirstLoopback.close();
    }
  });

  it('caps one file, the files of a request, their total and their time', async () => {
    const tooLarge = await failureOf(allowing.session().fetch(`${files.url}/bytes/${5 * MB + 1}`));
    expect(tooLarge.failure).toBe('too_large');
    expect(tooLarge.text.en).toContain(`${5 * MB} bytes per file`);

    const endless = await failureOf(allowing.session().fetch(`${files.url}/endless`));
    expect(endless.failure).toBe('too_large');
    expect(await files.endlessClosed).toBeLessThan(16 * MB);

    const tooMany = allowing.session();
    expect(() => tooMany.admit(CALLER_FETCH_LIMITS.items + 1)).toThrow(/at most 16 linked files/);

    const session = allowing.session();
    const five = Array.from({ length: 5 }, () => session.fetch(`${files.url}/bytes/${Math.floor(4.5 * MB)}`));
    const outcomes = await Promise.allSettled(five);
    const refused = outcomes
      .filter((outcome) => outcome.status === 'rejected')
      .map((outcome) => (outcome.reason as OutboundFetchError).text.en);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toContain(`exceed the limit of ${20 * MB} bytes together`);

    const slow = await failureOf(
      allowing.session({ ...CALLER_FETCH_LIMITS, itemTimeoutMs: 200 }).fetch(`${files.url}/hang`),
    );
    expect(slow.failure).toBe('unreachable');
  });

  it('reads a configured address (internal allowed) only up to 1 MB, cutting a 200 MB answer early', async () => {
    const small = await fetchConfigured(`${files.url}/bytes/100`, {});
    expect(small).toMatchObject({ status: 200 });
    expect(small.body.length).toBe(100);
    const started = Date.now();
    await expect(fetchConfigured(`${files.url}/endless`, {})).rejects.toBeInstanceOf(TooLargeError);
    expect(await files.endlessClosed).toBeLessThan(16 * MB);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
