import { request, type Dispatcher } from 'undici';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** An address outbound fetches do not take: not http(s), or malformed. */
export class UnsupportedAddressError extends Error {}

/** A redirect chain longer than allowed. */
export class TooManyRedirectsError extends Error {}

/** The stream was cut because it passed its byte cap. */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

export interface OutboundInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface SendOptions {
  dispatcher: Dispatcher;
  signal: AbortSignal;
  /** redirects followed (each hop goes through the same dispatcher, so through its address check) */
  maxRedirects: number;
}

/** Parses an address, taking only http and https. */
export function httpAddress(address: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new UnsupportedAddressError(`not an address: ${String(address).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsupportedAddressError(`only http and https are fetched: ${url.protocol}`);
  return url;
}

/**
 * Sends a request and follows redirects by hand, up to `maxRedirects`. 303 (and 301/302 after a
 * POST) continue as a GET without a body, as browsers do; credentials are not carried to another origin.
 */
export async function sendOutbound(
  address: string,
  init: OutboundInit,
  options: SendOptions,
): Promise<Dispatcher.ResponseData & { url: URL }> {
  let url = httpAddress(address);
  let method = init.method ?? 'GET';
  let body = init.body;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop += 1) {
    const response = await request(url, {
      method,
      headers,
      body,
      dispatcher: options.dispatcher,
      signal: options.signal,
    });
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode) || typeof location !== 'string')
      return Object.assign(response, { url });
    await response.body.dump();
    if (hop >= options.maxRedirects) throw new TooManyRedirectsError(`more than ${options.maxRedirects} redirects`);
    const next = httpAddress(location, url);
    if (response.statusCode === 303 || (method === 'POST' && response.statusCode <= 302)) {
      method = 'GET';
      body = undefined;
    }
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    url = next;
  }
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['authorization', 'cookie'].includes(name.toLowerCase())),
  );
}

/**
 * Reads a body whole, counting the bytes as they arrive and cutting the stream at `limit` (it is never
 * buffered beyond). `onBytes` sees every chunk's size first, so a shared budget can cut it too.
 */
export async function readCapped(
  body: Dispatcher.ResponseData['body'],
  limit: number,
  onBytes?: (size: number) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop by a throw destroys the stream, which closes the connection.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new TooLargeError(limit);
    onBytes?.(chunk.length);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
