import { request } from 'node:http';

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
    const headers = { 'content-type': 'application/json', ...plan.headers, ...(plan.chunked ? {} : { 'content-length': String(plan.bytes) }) };
    const outgoing = request(`${url}${path}`, { method: 'POST', headers });
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), elapsedMs: Date.now() - started });
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
