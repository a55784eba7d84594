import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FailingProxy {
  baseUrl: string;
  /** The next `count` requests whose path starts with `pathPrefix` get a 500 instead of the server's answer. */
  failNext(pathPrefix: string, count: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP proxy on 127.0.0.1 in front of the built server that can be told to fail a route, so a
 * browser test sees what a person sees when a list's request fails.
 */
export async function startFailingProxy(target: string): Promise<FailingProxy> {
  const upstream = new URL(target);
  const failures: Array<{ prefix: string; left: number }> = [];
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const failure = failures.find((entry) => entry.left > 0 && path.startsWith(entry.prefix));
    if (failure) {
      failure.left -= 1;
      incoming.resume();
      outgoing.writeHead(500, { 'content-type': 'text/plain' }).end('proxy: failing on purpose');
      return;
    }
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    failNext(prefix, count) {
      failures.push({ prefix, left: count });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
