import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Serves a request that asked for a protocol upgrade the gateway does not offer there (`Upgrade: h2c`
 * from `curl --http2`, a WebSocket to any path but /v1/realtime) as the plain HTTP request it also is,
 * as Node does when nobody listens for upgrades: the server's own handler answers it on the same
 * socket, which then closes. A body of Content-Length bytes is passed on; a chunked one is refused.
 */
export function serveAsPlainRequest(server: Server, upgrade: IncomingMessage, socket: Duplex, head: Buffer): void {
  // Node's parser has already ended the upgrade request without its body: a fresh one carries it.
  const request = new IncomingMessage(socket as Socket);
  request.method = upgrade.method;
  request.url = upgrade.url;
  request.headers = upgrade.headers;
  request.rawHeaders = upgrade.rawHeaders;
  request.httpVersion = upgrade.httpVersion;
  request.httpVersionMajor = upgrade.httpVersionMajor;
  request.httpVersionMinor = upgrade.httpVersionMinor;
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.once('finish', () => {
    response.detachSocket(socket as Socket);
    socket.end();
  });
  if (request.headers['transfer-encoding']) {
    response.writeHead(411, { 'content-type': 'text/plain', connection: 'close' }).end('Length Required');
    return;
  }
  let remaining = Number(request.headers['content-length'] ?? 0) || 0;
  const feed = (chunk: Buffer) => {
    const piece = chunk.subarray(0, remaining);
    remaining -= piece.length;
    if (piece.length > 0) request.push(piece);
    if (remaining > 0) return;
    socket.off('data', feed);
    // What the parser sets at a message's end; without it the request's end reads as an abort.
    request.complete = true;
    request.push(null);
  };
  if (head.length > 0 || remaining === 0) feed(head);
  if (remaining > 0) socket.on('data', feed);
  server.emit('request', request, response);
}
