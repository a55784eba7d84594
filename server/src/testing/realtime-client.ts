import WebSocket from 'ws';

type Event = Record<string, unknown> & { type: string };

/**
 * A realtime session as a test's client sees it: every event received in order, a wait for the next
 * event of a type, and how the socket closed. Works over a raw `ws` socket (the SDK's `socket` too).
 */
export class RealtimeProbe {
  readonly events: Event[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** waits for the `from`-th event of `type` */
  private waiters: Array<{ type: string; from: number; resolve: (event: Event) => void }> = [];
  private readonly taken = new Map<string, number>();

  constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as Event;
      this.events.push(event);
      const count = this.events.filter((seen) => seen.type === event.type).length;
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.type !== event.type || waiter.from !== count) return true;
        waiter.resolve(event);
        return false;
      });
    });
  }

  /** The next event of `type` not yet waited for (one already received counts). */
  next(type: string, timeoutMs = 10_000): Promise<Event> {
    const seen = this.events.filter((event) => event.type === type).length;
    const taken = (this.taken.get(type) ?? 0) + 1;
    this.taken.set(type, taken);
    if (seen >= taken) return Promise.resolve(this.events.filter((event) => event.type === type)[taken - 1] as Event);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${type} within ${timeoutMs} ms; got ${this.events.map((event) => event.type).join(', ')}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        type,
        from: taken,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }

  send(event: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(event));
  }
}

/** The answer to an upgrade the gateway refused: its HTTP status and body. */
export function refusedUpgrade(
  url: string,
  options: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('open', () => reject(new Error('the upgrade was accepted')));
    socket.on('error', () => undefined);
  });
}

/** Opens a raw realtime socket and waits until it is open. */
export async function openRealtime(
  url: string,
  options: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<RealtimeProbe> {
  const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
  const probe = new RealtimeProbe(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    );
  });
  return probe;
}
