import { request } from 'node:http';
import { connect } from 'node:net';

export interface UploadAnswer {
  status: number;
  body: string;
  /** milliseconds from the first byte sent to the answer */
  elapsedMs: number;
}

export interface UploadPlan {
  headers: Record<string, string>;
  /** bytes to offer; sent in 64 KB chunks as fast as the server takes them */
  bytes: number;
  /** send no content-length (chunked) */
  chunked?: boolean;
  /** stop sending (without ending) after this many bytes: a stalled upload */
  stallAfter?: number;
}

/**
 * POSTs a large body over raw HTTP without holding it (zero-filled chunks made as they are sent), and
 * resolves with the server's answer as soon as it comes, even while the upload is unfinished.
 */
export function upload(url: string, path: string, plan: UploadPlan): Promise<UploadAnswer> {
  const started = Date.now();
  const chunk = Buffer.alloc(64 * 1024);
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      ...plan.headers,
      ...(plan.chunked ? {} : { 'content-length': String(plan.bytes) }),
    };
    const outgoing = request(`${url}${path}`, { method: 'POST', headers });
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(parts).toString('utf8'),
          elapsedMs: Date.now() - started,
        });
        outgoing.destroy();
      });
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && !outgoing.destroyed && sent < plan.bytes) {
        if (plan.stallAfter !== undefined && sent >= plan.stallAfter) return;
        const size = Math.min(chunk.length, plan.bytes - sent);
        sent += size;
        if (!outgoing.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          outgoing.once('drain', pump);
          return;
        }
      }
      if (sent >= plan.bytes && !outgoing.destroyed) outgoing.end();
    };
    pump();
  });
}

export interface PersistentUploadAnswer {
  /** the status line of the answer to the oversized upload */
  first: string;
  /** the status line of a second call on the same connection, after the whole body was sent anyway */
  second: string;
}

/**
 * A client that sends its whole body even after the server answered (as many HTTP clients do), then
 * makes a second call on the same connection: a server that closes or resets the connection after an
 * early answer makes the writes fail (EPIPE / ECONNRESET) and loses the second call.
 */
export function uploadWholeThenReuse(
  url: string,
  path: string,
  plan: { headers: Record<string, string>; bytes: number; chunked?: boolean; next: string },
): Promise<PersistentUploadAnswer> {
  const { hostname, port } = new URL(url);
  const head = (method: string, target: string, extra: Record<string, string>) =>
    `${method} ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${Object.entries(extra)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const statusLines = () => [...received.matchAll(/HTTP\/1\.1 \d{3}[^\r]*/g)].map((match) => match[0]);
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      received += text;
      const [first, second] = statusLines();
      if (first === undefined || second === undefined) return;
      socket.destroy();
      resolve({ first, second });
    });
    socket.on('error', reject);
    socket.on('end', () =>
      reject(new Error(`the server closed the connection after: ${statusLines().join(' | ') || 'nothing'}`)),
    );
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const framing: Record<string, string> = plan.chunked
      ? { 'transfer-encoding': 'chunked' }
      : { 'content-length': String(plan.bytes) };
    socket.write(head('POST', path, { 'content-type': 'application/json', ...framing, ...plan.headers }));
    const pump = () => {
      while (sent < plan.bytes) {
        const size = Math.min(chunk.length, plan.bytes - sent);
        sent += size;
        if (plan.chunked) socket.write(`${size.toString(16)}\r\n`);
        const piece = size === chunk.length ? chunk : chunk.subarray(0, size);
        if (!socket.write(plan.chunked ? Buffer.concat([piece, Buffer.from('\r\n')]) : piece))
          return void socket.once('drain', pump);
      }
      if (plan.chunked) socket.write('0\r\n\r\n');
      socket.write(head('GET', plan.next, plan.headers));
    };
    pump();
  });
}
