import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientAbort } from './client-abort';
import { UpstreamExchange } from './upstream-exchange';

const CHUNK = Buffer.alloc(64 * 1024, 'x');
const CHUNKS = 1024; // 64 MB, far more than the sockets between the two ends can hold

let server: Server | null = null;
let agent: Agent | null = null;

afterEach(async () => {
  await agent?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
  agent = null;
});

/** An upstream that streams 64 MB as fast as it may, counting what its socket accepted. */
async function floodingUpstream(): Promise<{ url: string; accepted: () => number; closed: () => boolean }> {
  let accepted = 0;
  let closed = false;
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.on('close', () => (closed = true));
    let sent = 0;
    const pump = () => {
      while (sent < CHUNKS) {
        sent += 1;
        const more = response.write(CHUNK, () => (accepted += CHUNK.length));
        if (!more) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/stream`, accepted: () => accepted, closed: () => closed };
}

const request = (url: string) => ({
  url,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from('{}'),
});

describe('an upstream exchange', () => {
  it('holds the upstream back while the stream is read slowly, and then delivers every byte', async () => {
    const upstream = await floodingUpstream();
    agent = new Agent();
    const exchange = await new UpstreamExchange(agent, request(upstream.url), new ClientAbort()).headers;
    expect(exchange.statusCode).toBe(200);
    expect(exchange.contentType).toBe('text/event-stream');
    const reader = exchange[Symbol.asyncIterator]();
    let received = ((await reader.next()).value as Buffer).length;
    await sleep(500);
    // Paused: the upstream could not push the whole answer into the gateway's memory.
    expect(upstream.accepted()).toBeLessThan((CHUNKS * CHUNK.length) / 2);
    for (let next = await reader.next(); !next.done; next = await reader.next()) received += next.value.length;
    expect(received).toBe(CHUNKS * CHUNK.length);
  });

  it('stops the upstream call when the client leaves', async () => {
    const upstream = await floodingUpstream();
    agent = new Agent();
    const signal = new ClientAbort();
    const exchange = await new UpstreamExchange(agent, request(upstream.url), signal).headers;
    const reader = exchange[Symbol.asyncIterator]();
    await reader.next();
    signal.abort();
    await expect(async () => {
      for (let next = await reader.next(); !next.done; next = await reader.next());
    }).rejects.toThrow();
    await expect.poll(upstream.closed, { timeout: 3000 }).toBe(true);
  });
});
