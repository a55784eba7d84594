import { connect, type Socket } from 'node:net';

/**
 * A client that sends one request over a raw socket and then never reads a byte of the answer (its
 * socket is paused from the start): the server's writes stall once the socket buffers are full.
 */
export class StalledReader {
  private readonly socket: Socket;
  readonly connected: Promise<void>;

  constructor(url: string, path: string, headers: Record<string, string>, body: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect({ host: hostname, port: Number(port) });
    this.socket.on('error', () => undefined);
    this.socket.pause();
    const head = [
      `POST ${path} HTTP/1.1`,
      `host: ${hostname}:${port}`,
      `content-length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }

  destroy(): void {
    this.socket.destroy();
  }
}
