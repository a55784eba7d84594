// Talks to the gateway's inspector (it runs with --inspect=127.0.0.1:0, idle until the memory phase)
// to force a full garbage collection and read the JavaScript heap, so that memory still in use can be
// told apart from memory V8 simply has not given back yet.
import { WebSocket } from 'undici';

/** Runs a full GC in the gateway and returns its JavaScript heap in use, in KiB. */
export async function heapAfterCollection(inspectorUrl) {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the gateway's inspector at ${inspectorUrl}`)), { once: true });
  });
  let next = 0;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method) =>
    new Promise((resolve) => {
      next += 1;
      pending.set(next, resolve);
      socket.send(JSON.stringify({ id: next, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    return usage.result.usedSize / 1024;
  } finally {
    socket.close();
    await new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }));
  }
}
