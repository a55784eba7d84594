// Load drivers: autocannon phases, sequential time-to-first-byte samples, and many open streams.
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { HOLD_MARKER } from './fake-upstream.mjs';
import { MODEL } from './console-setup.mjs';

const PROMPT = [{ role: 'user', content: 'Say hello to the benchmark in one short sentence, please.' }];

/** The chat body a client sends; `hold` asks the fake upstream to keep the stream open. */
export function chatBody({ stream, hold = false }) {
  return JSON.stringify({
    model: MODEL,
    messages: PROMPT,
    stream,
    max_tokens: 64,
    ...(hold ? { user: HOLD_MARKER } : {}),
  });
}

function headersFor(key) {
  return { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

/** One autocannon run of chat completions against `base` (with the token `key`, or none direct). */
export async function loadPhase({ base, key, connections, seconds, stream }) {
  const result = await autocannon({
    url: `${base}/v1/chat/completions`,
    method: 'POST',
    headers: headersFor(key),
    body: chatBody({ stream }),
    connections,
    duration: seconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    refused: result.non2xx + result.errors + result.timeouts + result.resets,
  };
}

/** Milliseconds from sending a stream request to its first body byte; reads the stream to its end. */
function timeToFirstByte(base, key, agent) {
  return new Promise((resolve, reject) => {
    const body = chatBody({ stream: true });
    const started = performance.now();
    let first = null;
    const outgoing = request(
      `${base}/v1/chat/completions`,
      { method: 'POST', agent, headers: { ...headersFor(key), 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.on('data', () => {
          first ??= performance.now() - started;
        });
        response.on('end', () =>
          response.statusCode === 200 && first !== null
            ? resolve(first)
            : reject(new Error(`status ${response.statusCode}`)),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Sequential TTFB samples, direct and through the gateway alternately (so both see the same noise). */
export async function sampleTimeToFirstByte({ direct, gateway, key, samples }) {
  const directAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const gatewayAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const directTimes = [];
  const gatewayTimes = [];
  for (let index = 0; index < samples; index += 1) {
    directTimes.push(await timeToFirstByte(direct, null, directAgent));
    gatewayTimes.push(await timeToFirstByte(gateway, key, gatewayAgent));
  }
  directAgent.destroy();
  gatewayAgent.destroy();
  return {
    direct: median(directTimes),
    gateway: median(gatewayTimes),
    added: median(gatewayTimes) - median(directTimes),
  };
}

/**
 * Opens `count` streams through the gateway that the fake upstream holds open; resolves once each
 * has received its first event (or after `timeoutMs`), with the number open and a `finish()` that
 * resolves when all have ended.
 */
export async function openStreams({ base, key, count, timeoutMs }) {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const body = chatBody({ stream: true, hold: true });
  let open = 0;
  let failed = 0;
  let notifyOpen;
  const allOpen = new Promise((resolve) => (notifyOpen = resolve));
  const ended = [];
  for (let index = 0; index < count; index += 1) {
    ended.push(
      new Promise((resolve) => {
        const settle = (ok) => {
          if (!ok) failed += 1;
          resolve();
        };
        const outgoing = request(
          `${base}/v1/chat/completions`,
          { method: 'POST', agent, headers: { ...headersFor(key), 'content-length': Buffer.byteLength(body) } },
          (response) => {
            let counted = false;
            response.on('data', () => {
              if (counted) return;
              counted = true;
              open += 1;
              if (open === count) notifyOpen();
            });
            response.on('end', () => settle(response.statusCode === 200));
            response.on('error', () => settle(false));
          },
        );
        outgoing.on('error', () => settle(false));
        outgoing.end(body);
      }),
    );
  }
  const timer = setTimeout(notifyOpen, timeoutMs);
  await allOpen;
  clearTimeout(timer);
  return {
    open,
    finish: async () => {
      await Promise.all(ended);
      agent.destroy();
      return { failed };
    },
  };
}
