// The realtime phase: how much the gateway holds per open realtime WebSocket session (issue 38).
// A fake realtime upstream on 127.0.0.1 answers every session with session.created and every
// response.create with a response.done that carries usage; the sessions each finish one turn, stay
// open while the gateway's memory is read, then close.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket, { WebSocketServer } from 'ws';
import { heapAfterCollection } from './inspector.mjs';
import { rssKilobytes } from './process-tree.mjs';

export const REALTIME_MODEL = 'gpt-4o-realtime-preview';
const usage = {
  total_tokens: 15,
  input_tokens: 10,
  output_tokens: 5,
  input_token_details: { text_tokens: 10, audio_tokens: 0, cached_tokens: 0 },
  output_token_details: { text_tokens: 5, audio_tokens: 0 },
};

export async function startFakeRealtime() {
  const server = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => {
    socket.send(
      JSON.stringify({
        type: 'session.created',
        event_id: 'event_1',
        session: { id: 'sess', input_audio_format: 'pcm16', output_audio_format: 'pcm16' },
      }),
    );
    socket.on('message', (data) => {
      if (!String(data).includes('"response.create"')) return;
      socket.send(JSON.stringify({ type: 'response.text.delta', event_id: 'event_2', delta: 'Hello' }));
      socket.send(
        JSON.stringify({
          type: 'response.done',
          event_id: 'event_3',
          response: { id: 'resp', status: 'completed', output: [], usage },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async stop() {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Opens `count` sessions through the gateway, each through one turn; resolves with the open sockets and the failures. */
async function openSessions(base, key, count, timeoutMs) {
  const url = `${base.replace(/^http/, 'ws')}/v1/realtime?model=${REALTIME_MODEL}`;
  const opened = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const socket = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
          const timer = setTimeout(() => resolve(null), timeoutMs);
          socket.on('message', (data) => {
            const text = String(data);
            if (text.includes('"session.created"'))
              socket.send(JSON.stringify({ type: 'response.create', response: { modalities: ['text'] } }));
            if (text.includes('"response.done"')) {
              clearTimeout(timer);
              resolve(socket);
            }
          });
          socket.on('error', () => resolve(null));
        }),
    ),
  );
  return { sockets: opened.filter(Boolean), failed: opened.filter((socket) => !socket).length };
}

async function closeAll(sockets) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.once('close', resolve);
          socket.close(1000);
        }),
    ),
  );
}

/** Resident memory and JS heap per open realtime session of the gateway, and whether the heap comes back after they close. */
export async function measureRealtimeSessions({ gateway, key, count }) {
  console.log(`realtime: ${count} WebSocket sessions held open at once…`);
  // A few sessions first, so that code loading and compilation do not count as session memory.
  await closeAll((await openSessions(gateway.url, key, 10, 10_000)).sockets);
  await sleep(1500);
  const beforeHeap = await heapAfterCollection(gateway.inspectorUrl);
  const beforeKilobytes = rssKilobytes(gateway.pid);
  const { sockets, failed } = await openSessions(gateway.url, key, count, 30_000);
  await sleep(500);
  const openKilobytes = rssKilobytes(gateway.pid);
  const openHeap = await heapAfterCollection(gateway.inspectorUrl);
  await closeAll(sockets);
  await sleep(1500); // the sessions' consumption logs are written within a second
  const afterHeap = await heapAfterCollection(gateway.inspectorUrl);
  const open = Math.max(1, sockets.length);
  return {
    requested: count,
    open: sockets.length,
    failed,
    kilobytesPerSession: (openKilobytes - beforeKilobytes) / open,
    heapKilobytesPerSession: (openHeap - beforeHeap) / open,
    returned: afterHeap - beforeHeap <= Math.max((openHeap - beforeHeap) / 10, 1024),
  };
}
