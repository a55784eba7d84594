// Talks to a process's inspector (the gateway runs with --inspect=127.0.0.1:0, idle until the memory
// phase) to force a full garbage collection and read the JavaScript heap, so that memory still in use
// can be told apart from memory V8 simply has not given back yet.
import { WebSocket } from 'undici';

/** Opens the inspector, runs `use(send, events)` and closes it; `events` collects notifications by method. */
async function withInspector(inspectorUrl, use) {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${inspectorUrl}`)), {
      once: true,
    });
  });
  let next = 0;
  const pending = new Map();
  const events = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.method) {
      const list = events.get(message.method) ?? [];
      list.push(message.params);
      events.set(message.method, list);
      return;
    }
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      next += 1;
      pending.set(next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  try {
    return await use(send, events);
  } finally {
    socket.close();
    await new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }));
  }
}

/** Runs a full GC in the process and returns its JavaScript heap in use, in KiB. */
export function heapAfterCollection(inspectorUrl) {
  return withInspector(inspectorUrl, async (send) => {
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    return usage.result.usedSize / 1024;
  });
}

/**
 * Runs a full GC and takes a heap snapshot; returns the live objects' count and bytes per kind
 * ("object Socket", "closure …", "string", …) as a Map.
 */
export function heapByKind(inspectorUrl) {
  return withInspector(inspectorUrl, async (send, events) => {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const snapshot = JSON.parse(
      (events.get('HeapProfiler.addHeapSnapshotChunk') ?? []).map((params) => params.chunk).join(''),
    );
    const fields = snapshot.snapshot.meta.node_fields;
    const types = snapshot.snapshot.meta.node_types[0];
    const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
    const kinds = new Map();
    for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
      const type = types[snapshot.nodes[index + typeAt]];
      // Strings and code are told apart by type alone: their names are their contents.
      const kind =
        type.includes('string') || type === 'code' || type === 'number'
          ? type
          : `${type} ${snapshot.strings[snapshot.nodes[index + nameAt]].slice(0, 60)}`;
      const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
      entry.count += 1;
      entry.bytes += snapshot.nodes[index + sizeAt];
      kinds.set(kind, entry);
    }
    return kinds;
  });
}
