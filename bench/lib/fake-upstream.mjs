// An OpenAI-shaped upstream that answers at once, run in a worker thread so that it does not share
// the load generator's event loop. A request whose body carries HOLD_MARKER gets its first stream
// event and is then held open until the main thread sends 'release' (until 'hold' again, later
// marked streams are answered at once, so a request queued in the gateway cannot hang the run).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

export const HOLD_MARKER = 'bench-hold';

const USAGE = { prompt_tokens: 12, completion_tokens: 24, total_tokens: 36 };

const completion = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 1700000000,
    model: 'gpt-4o-mini',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'Hello from the bench upstream.' }, finish_reason: 'stop' },
    ],
    usage: USAGE,
  }),
);

const event = (payload) => `data: ${JSON.stringify(payload)}\n\n`;
const chunk = (delta, finish = null) =>
  event({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

const streamHead = Buffer.from(chunk({ role: 'assistant', content: 'Hello' }));
const streamTail = Buffer.from(
  chunk({ content: ' from the' }) +
    chunk({ content: ' bench upstream.' }) +
    chunk({}, 'stop') +
    event({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model: 'gpt-4o-mini',
      choices: [],
      usage: USAGE,
    }) +
    'data: [DONE]\n\n',
);

function runServer() {
  const held = new Set();
  let holding = true;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (piece) => chunks.push(piece));
    request.on('end', () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      if (!body.includes('"stream":true')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': completion.length });
        response.end(completion);
        return;
      }
      const hold = body.includes(HOLD_MARKER);
      // Held streams close their connection at the end: the gateway's pool would otherwise keep a
      // thousand idle keep-alive sockets for the keep-alive timeout, which is not memory of a stream.
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        ...(hold ? { connection: 'close' } : {}),
      });
      response.write(streamHead);
      if (!holding || !hold) {
        response.end(streamTail);
        return;
      }
      held.add(response);
      response.on('close', () => held.delete(response));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.maxRequestsPerSocket = 0;
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
  parentPort.on('message', (message) => {
    if (message === 'hold') {
      holding = true;
    } else if (message === 'release') {
      holding = false;
      for (const response of held) response.end(streamTail);
      held.clear();
    } else if (message === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
}

/** Starts the fake upstream in a worker; resolves with its URL and controls. */
export async function startFakeUpstream() {
  const worker = new Worker(fileURLToPath(import.meta.url));
  const port = await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message) => resolve(message.port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** Holds marked streams open from now on (the default at start). */
    hold: () => worker.postMessage('hold'),
    /** Ends every held stream, and answers marked streams at once from now on. */
    release: () => worker.postMessage('release'),
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

if (!isMainThread) runServer();
