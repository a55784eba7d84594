import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countTokens } from '../../platform/token-counter/token-counter';
import { FakeRealtimeUpstream, realtimeUsage } from '../../testing/fake-realtime-upstream';
import { quotaBalances } from '../../testing/quota-balances';
import { openRealtime, RealtimeProbe, refusedUpgrade } from '../../testing/realtime-client';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { userLogsOfType } from '../../testing/log-queries';
import { serverForTests, startTestServer } from '../../testing/test-server';

const PREVIEW = 'gpt-4o-realtime-preview';
const GA = 'gpt-realtime';
/** priced per call in these tests */
const PER_CALL = 'gpt-realtime-mini';

const upstream = new FakeRealtimeUpstream().forTests();
const refusing = new FakeRealtimeUpstream().forTests();
refusing.behaviour = { refuseStatus: 503 };
const server = serverForTests();
let socketUrl: string;

beforeAll(async () => {
  await server.context.options.save('RetryTimes', '1');
  socketUrl = server.url.replace(/^http/, 'ws');
  // The channel that refuses ranks first: every session fails over to the working one.
  await addChannel(server, {
    name: 'refusing',
    baseUrl: refusing.url,
    models: [PREVIEW, GA],
    priority: 10,
    autoBan: false,
  });
  await addChannel(server, {
    name: 'realtime',
    baseUrl: upstream.url,
    key: 'sk-upstream-secret',
    models: [PREVIEW, GA, PER_CALL],
  });
  const prices = server.context.options.json<Record<string, number>>('ModelPrice') ?? {};
  await server.context.options.save('ModelPrice', JSON.stringify({ ...prices, [PER_CALL]: 0.05 }));
});
beforeEach(() => {
  upstream.behaviour = {};
});

async function caller(name: string, quota: number, remain = 10_000_000) {
  const userId = await addUser(server, name, { quota });
  const token = await addToken(server, userId, { remain });
  return { userId, token };
}

async function ledger(userId: number, tokenId: number) {
  await flushAll(server);
  return { ...(await quotaBalances(server, userId, tokenId)), logs: await userLogsOfType(server, userId, 2) };
}

/** Waits until the session's one consumption log is written (the bill closes after the sockets do). */
async function sessionLog(userId: number, tokenId: number) {
  await expect.poll(async () => (await ledger(userId, tokenId)).logs.length, { timeout: 5000 }).toBe(1);
  return ledger(userId, tokenId);
}

describe('realtime over WebSocket', () => {
  it("the openai package's realtime client: session.update, a text turn and an audio turn, billed by the formula", async () => {
    const { userId, token } = await caller('sdk-user', 1_000_000);
    // gpt-4o-realtime-preview by default: model ratio 2.5, completion ratio 4, audio ratio 8, audio completion ratio 2.
    upstream.behaviour = {
      usages: [
        realtimeUsage({ inputText: 10, inputAudio: 0, outputText: 5, outputAudio: 0 }),
        realtimeUsage({ inputText: 20, inputAudio: 100, cached: 16, outputText: 30, outputAudio: 200 }),
      ],
    };
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1` });
    // The SDK always dials wss://; the socket it gets is plain TCP to the gateway, as behind a TLS-terminating proxy.
    // (ws passes the request path as `path`, which net.connect would take for a Unix socket: only host and port go on.)
    const plainTcp = (options: unknown) => {
      const { host, port } = options as { host: string; port: number };
      return connect(port, host);
    };
    const realtime = new OpenAIRealtimeWS({ model: PREVIEW, options: { createConnection: plainTcp } }, client);
    const probe = new RealtimeProbe(realtime.socket);
    await probe.next('session.created');

    realtime.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    expect((await probe.next('session.updated')).session).toMatchObject({ instructions: 'Be brief.' });

    realtime.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Say hi' }] },
    });
    realtime.send({ type: 'response.create', response: { output_modalities: ['text'] } });
    const textTurn = await probe.next('response.done');
    expect(
      probe.events
        .filter((event) => event.type === 'response.text.delta')
        .map((event) => event.delta)
        .join(''),
    ).toBe('Hello world');
    expect((textTurn.response as { usage: unknown }).usage).toMatchObject({ input_tokens: 10, output_tokens: 5 });

    realtime.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(48_000).toString('base64') });
    realtime.send({ type: 'input_audio_buffer.commit' });
    await probe.next('input_audio_buffer.committed');
    realtime.send({ type: 'response.create' });
    await probe.next('response.done');
    expect(probe.events.filter((event) => event.type === 'response.audio.delta')).toHaveLength(2);

    const seen = upstream.connections.at(-1);
    expect(seen?.url).toBe(`/v1/realtime?model=${PREVIEW}`);
    expect(seen?.headers.authorization).toBe('Bearer sk-upstream-secret');
    expect(seen?.headers['openai-beta']).toBe('realtime=v1');
    expect(seen?.events.map((event) => event.type)).toEqual([
      'session.update',
      'conversation.item.create',
      'response.create',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
    ]);
    expect(refusing.refused).toBeGreaterThan(0);

    realtime.close();
    const after = await sessionLog(userId, token.id);
    // (10 + 5 × 4) × 2.5 = 75; (20 + 30 × 4 + 100 × 8 + 200 × 8 × 2) × 2.5 = 10 350
    expect(after.userQuota).toBe(1_000_000 - 10_425);
    expect(after.tokenRemain).toBe(10_000_000 - 10_425);
    expect(after.userUsed).toBe(10_425);
    expect(after.requests).toBe(1);
    expect(after.logs[0]).toMatchObject({
      quota: 10_425,
      prompt_tokens: 130,
      completion_tokens: 235,
      model_name: PREVIEW,
      channel_name: 'realtime',
    });
    expect(JSON.parse(after.logs[0]?.other ?? '{}')).toMatchObject({
      audio_ratio: 8,
      audio_completion_ratio: 2,
      cache_tokens: 16,
      turns: 2,
    });
  });

  it('a browser-style socket with the key in a subprotocol; a turn without usage is billed from the local estimate', async () => {
    const { userId, token } = await caller('browser-user', 1_000_000);
    upstream.behaviour = { usages: [null], audioDeltas: 2, audioDelta: Buffer.alloc(4800).toString('base64') };
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${GA}`, {
      protocols: ['realtime', `openai-insecure-api-key.${token.apiKey}`, 'openai-beta.realtime-v1'],
    });
    expect(probe.socket.protocol).toBe('realtime');
    await probe.next('session.created');
    probe.send({ type: 'session.update', session: { instructions: 'Be brief.' } });
    await probe.next('session.updated');
    // one second of pcm16 at 24 kHz
    probe.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(48_000).toString('base64') });
    probe.send({ type: 'input_audio_buffer.commit' });
    probe.send({ type: 'response.create' });
    await probe.next('response.done');

    const seen = upstream.connections.at(-1);
    expect(seen?.protocols).toEqual(['realtime', 'openai-insecure-api-key.sk-upstream-secret']);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['openai-beta']).toBeUndefined();

    probe.socket.close();
    const after = await sessionLog(userId, token.id);
    // gpt-realtime: ratio 2, completion 4, audio 8, audio completion 2; 1 s of input audio = 1/60 × 100 / 0.06 → 28 tokens,
    // 0.2 s of output audio = 0.2/60 × 200 / 0.24 → 3 tokens; the instructions and the transcript counted by the tokenizer.
    const instructions = await countTokens('Be brief.');
    const transcript = await countTokens('Hello there Hello there ');
    const expected = Math.round((instructions + transcript * 4 + 28 * 8 + 3 * 8 * 2) * 2);
    expect(after.logs[0]).toMatchObject({
      quota: expected,
      prompt_tokens: instructions + 28,
      completion_tokens: transcript + 3,
    });
    expect(JSON.parse(after.logs[0]?.other ?? '{}')).toMatchObject({ local_count_tokens: true });
    expect(after.tokenRemain).toBe(10_000_000 - expected);
  });

  it('a session that runs out of quota ends with an error event, and the balance never goes below zero', async () => {
    const { userId, token } = await caller('short-user', 100);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}`, 'accept-language': 'en' },
    });
    await probe.next('session.created');
    probe.send({ type: 'response.create', response: { modalities: ['text'] } });
    await probe.next('response.done');
    probe.send({ type: 'response.create', response: { modalities: ['text'] } });
    const error = await probe.next('error');
    expect(error.error).toMatchObject({ code: 'insufficient_user_quota' });
    expect(String((error.error as { message: string }).message)).toContain('Insufficient user quota');
    expect((await probe.closed).code).toBe(1008);
    // the second turn's response.done never reached the client
    expect(probe.events.filter((event) => event.type === 'response.done')).toHaveLength(1);
    const after = await sessionLog(userId, token.id);
    expect(after.userQuota).toBe(25);
    expect(after.logs[0]?.quota).toBe(75);
  });

  it('a per-call price bills the session once, however many turns it had', async () => {
    const { userId, token } = await caller('per-call-user', 1_000_000);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PER_CALL}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    for (let turn = 0; turn < 2; turn += 1) {
      probe.send({ type: 'response.create', response: { modalities: ['text'] } });
      await probe.next('response.done');
    }
    probe.socket.close();
    const after = await sessionLog(userId, token.id);
    // 0.05 × QuotaPerUnit 500 000 × group ratio 1
    expect(after.userQuota).toBe(1_000_000 - 25_000);
    expect(after.logs[0]).toMatchObject({ quota: 25_000, prompt_tokens: 20, completion_tokens: 10 });
  });

  it("a token's requests-per-minute limit counts each session as one request", async () => {
    const userId = await addUser(server, 'rpm-user', { quota: 1_000_000 });
    const token = await addToken(server, userId, { remain: 1_000_000, rpmLimit: 1 });
    const first = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await first.next('session.created');
    const second = await refusedUpgrade(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    expect(second.status).toBe(429);
    expect(JSON.parse(second.body)).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    first.socket.close();
  });

  it("the upstream's close reaches the client with its code and reason", async () => {
    const { token } = await caller('closing-user', 1_000_000);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    upstream.closeAll(4000, 'upstream says bye');
    expect(await probe.closed).toEqual({ code: 4000, reason: 'upstream says bye' });
  });

  it('the client closing closes the upstream session', async () => {
    const { token } = await caller('leaving-user', 1_000_000);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    const seen = upstream.connections.at(-1);
    const upstreamClosed = new Promise<number>((resolve) => seen?.socket.once('close', (code) => resolve(code)));
    probe.socket.close(1000);
    expect(await upstreamClosed).toBe(1000);
  });

  it('refuses a bad key, a missing model and a model outside the token before any upstream session opens', async () => {
    const { userId } = await caller('refused-user', 1_000_000);
    const limited = await addToken(server, userId, { remain: 1000, modelLimits: ['gpt-4o'] });
    const opened = upstream.connections.length;
    const badKey = await refusedUpgrade(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: 'Bearer sk-wrong', 'accept-language': 'en' },
    });
    expect(badKey.status).toBe(401);
    expect(JSON.parse(badKey.body)).toMatchObject({ error: { code: 'invalid_api_key', type: 'authentication_error' } });
    const badBrowserKey = await refusedUpgrade(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      protocols: ['realtime', 'openai-insecure-api-key.sk-wrong'],
    });
    expect(badBrowserKey.status).toBe(401);
    const noModel = await refusedUpgrade(`${socketUrl}/v1/realtime`, {
      headers: { authorization: `Bearer ${limited.apiKey}`, 'accept-language': 'zh' },
    });
    expect(noModel.status).toBe(400);
    expect(JSON.parse(noModel.body).error.message).toContain('请在地址中指定模型');
    const outside = await refusedUpgrade(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${limited.apiKey}` },
    });
    expect(outside.status).toBe(403);
    expect(upstream.connections.length).toBe(opened);
  });

  it('a client that stops reading stops the gateway reading the upstream (backpressure); everything arrives in order later', async () => {
    const { token } = await caller('slow-reader', 1_000_000);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    const upstreamSide = upstream.connections.at(-1)?.socket;
    if (!upstreamSide) throw new Error('no upstream session');
    probe.socket.pause();
    const frames = 48;
    const delta = Buffer.alloc(768 * 1024).toString('base64'); // 1 MiB of base64 per frame
    for (let index = 0; index < frames; index += 1)
      upstreamSide.send(JSON.stringify({ type: 'response.audio.delta', event_id: `flood_${index}`, delta }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Without backpressure the gateway would have read all 48 MiB and held it for the client; the
    // loopback's kernel buffers take a few MiB at most, so most of it must still wait at the upstream.
    expect(upstreamSide.bufferedAmount).toBeGreaterThan(16 * 1024 * 1024);
    probe.socket.resume();
    await probe.next('response.audio.delta', 20_000);
    await expect
      .poll(() => probe.events.filter((event) => event.type === 'response.audio.delta').length, { timeout: 20_000 })
      .toBe(frames);
    const order = probe.events.filter((event) => event.type === 'response.audio.delta').map((event) => event.event_id);
    expect(order).toEqual(Array.from({ length: frames }, (_, index) => `flood_${index}`));
    probe.socket.close();
  }, 40_000);

  it('a request asking for another upgrade (curl --http2 sends Upgrade: h2c) is answered as plain HTTP; plain GET /v1/realtime is told to upgrade', async () => {
    const plain = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = {
          connection: 'Upgrade, HTTP2-Settings',
          upgrade: 'h2c',
          'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA',
          'accept-language': 'en',
        };
        if (body)
          Object.assign(headers, {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          });
        const outgoing = httpRequest(`${server.url}${path}`, { method, headers }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    const status = await plain('GET', '/api/status');
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body)).toMatchObject({ success: true });
    const login = await plain('POST', '/api/user/login', JSON.stringify({ username: 'root', password: '123456' }));
    expect(JSON.parse(login.body)).toMatchObject({ success: true });
    const realtime = await server.call('/v1/realtime?model=gpt-realtime', { headers: { 'accept-language': 'en' } });
    expect(realtime.status).toBe(426);
    expect(await realtime.json()).toMatchObject({
      error: { code: 'websocket_required', message: expect.stringContaining('WebSocket connections only') },
    });
  });

  it("a token's IP allow list sees the client's address (through TRUSTED_PROXIES, as for HTTP)", async () => {
    const proxied = await startTestServer({ environment: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      await addChannel(proxied, { baseUrl: upstream.url, models: [PREVIEW] });
      const userId = await addUser(proxied, 'allow-list-user', { quota: 1_000_000 });
      const token = await addToken(proxied, userId, { remain: 1_000_000, allowIps: '203.0.113.7' });
      const address = `${proxied.url.replace(/^http/, 'ws')}/v1/realtime?model=${PREVIEW}`;
      const outside = await refusedUpgrade(address, {
        headers: { authorization: `Bearer ${token.apiKey}`, 'x-forwarded-for': '198.51.100.1' },
      });
      expect(outside.status).toBe(403);
      expect(JSON.parse(outside.body)).toMatchObject({ error: { code: 'ip_not_allowed' } });
      const inside = await openRealtime(address, {
        headers: { authorization: `Bearer ${token.apiKey}`, 'x-forwarded-for': '203.0.113.7' },
      });
      await inside.next('session.created');
      inside.socket.close();
      await inside.closed;
    } finally {
      await proxied.stop();
    }
  });

  it('an event that is not JSON ends the session with an error event', async () => {
    const { token } = await caller('garbled-user', 1_000_000);
    const probe = await openRealtime(`${socketUrl}/v1/realtime?model=${PREVIEW}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    probe.socket.send('{not json');
    expect((await probe.next('error')).error).toMatchObject({ code: 'invalid_event' });
    expect((await probe.closed).code).toBe(1007);
  });
});

describe('a shutdown with realtime sessions open', () => {
  it('gives them its grace, then ends them with an error event and close code 1001', async () => {
    const stopping = await startTestServer({ environment: { SHUTDOWN_TIMEOUT_SECONDS: '2' } });
    try {
      await addChannel(stopping, { baseUrl: upstream.url, models: [PREVIEW] });
      const userId = await addUser(stopping, 'shutdown-user', { quota: 1_000_000 });
      const token = await addToken(stopping, userId, { remain: 1_000_000 });
      const probe = await openRealtime(`${stopping.url.replace(/^http/, 'ws')}/v1/realtime?model=${PREVIEW}`, {
        headers: { authorization: `Bearer ${token.apiKey}`, 'accept-language': 'en' },
      });
      await probe.next('session.created');
      const stopped = stopping.stop();
      const error = await probe.next('error');
      expect(error.error).toMatchObject({
        code: 'server_shutting_down',
        message: 'The gateway is shutting down; the realtime session ended',
      });
      expect((await probe.closed).code).toBe(1001);
      await stopped;
    } catch (error) {
      await stopping.stop().catch(() => undefined);
      throw error;
    }
  });
});
