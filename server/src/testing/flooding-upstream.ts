import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { LoopbackFake, readJsonBody } from './loopback-server';

const FILLER = 'x'.repeat(1000);

const drainedOrClosed = (response: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });

/**
 * An OpenAI-compatible upstream whose streams never end: it writes chat chunks as fast as its socket
 * takes them (it waits for `drain`, as a well-behaved server does), counts the bytes its socket
 * accepted, and notes when the gateway closed the connection.
 */
export class FloodingUpstream extends LoopbackFake {
  /** bytes the gateway's connection accepted, over every stream */
  pushedBytes = 0;
  streamsStarted = 0;
  /** Date.now() of each stream whose connection the gateway closed */
  readonly closedAt: number[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request);
    this.streamsStarted += 1;
    let open = true;
    response.on('close', () => {
      open = false;
      this.closedAt.push(Date.now());
    });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = Buffer.from(
      `data: ${JSON.stringify({ id: 'chatcmpl-flood', object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: { content: FILLER } }] })}\n\n`,
    );
    while (open) {
      const accepted = response.write(event, () => {
        if (open) this.pushedBytes += event.length;
      });
      if (!accepted && open) await drainedOrClosed(response);
    }
  }
}

/** An upstream that accepts connections and never answers (not even the headers). */
export class SilentUpstream {
  url = '';
  accepted = 0;
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;

  async start(): Promise<this> {
    this.server = createServer((socket) => {
      this.accepted += 1;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
