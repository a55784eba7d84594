import type { Agent } from 'undici';
import { fill, type Text } from '../text';
import { createGuardedAgent } from './guarded-agent';
import { policyFor, type AddressPolicy } from './internal-addresses';
import { readCapped, sendOutbound, TooLargeError, UnsupportedAddressError } from './outbound-request';
import { messages } from '../i18n/catalogue';

/** The caps of the fetches made for one caller request (image URLs inlined for an upstream). */
export interface CallerFetchLimits {
  /** bytes of one fetched file */
  itemBytes: number;
  /** files fetched for one request */
  items: number;
  /** bytes of all files of one request together */
  totalBytes: number;
  itemTimeoutMs: number;
  requestTimeoutMs: number;
  redirects: number;
}

export const CALLER_FETCH_LIMITS: CallerFetchLimits = {
  itemBytes: 5 * 1024 * 1024,
  items: 16,
  totalBytes: 20 * 1024 * 1024,
  itemTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  redirects: 3,
};

export type OutboundFailure = 'unreachable' | 'unsupported' | 'too_large' | 'too_many';

/** A fetch made for a caller failed; `text` is what the caller may be told. */
export class OutboundFetchError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    readonly text: Text,
  ) {
    super(text.en);
  }
}

export interface FetchedFile {
  bytes: Buffer;
  /** the answer's media type without parameters; empty when it gave none */
  mediaType: string;
}

const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/**
 * Every fetch the gateway makes on a caller's behalf goes through one of these: connections only to
 * addresses the policy accepts (internal ones refused unless OUTBOUND_ALLOW_INTERNAL), redirects
 * checked hop by hop, and the caps of a request kept by a `session()` per request.
 */
export class CallerFetcher {
  private readonly agent: Agent;

  constructor(policy: AddressPolicy | boolean, connectTimeoutMs = CALLER_FETCH_LIMITS.itemTimeoutMs) {
    this.agent = createGuardedAgent(typeof policy === 'boolean' ? policyFor(policy) : policy, { connectTimeoutMs });
  }

  /** The budget of one request: its own item count, byte total and deadline. */
  session(limits: CallerFetchLimits = CALLER_FETCH_LIMITS): CallerFetchSession {
    return new CallerFetchSession(this.agent, limits);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export class CallerFetchSession {
  private itemsLeft: number;
  private bytesLeft: number;
  private readonly deadline: AbortSignal;
  private readonly cancelled = new AbortController();

  constructor(
    private readonly agent: Agent,
    readonly limits: CallerFetchLimits,
  ) {
    this.itemsLeft = limits.items;
    this.bytesLeft = limits.totalBytes;
    this.deadline = AbortSignal.timeout(limits.requestTimeoutMs);
  }

  /** Refuses a request that would fetch more files than allowed, before any is fetched. */
  admit(count: number): void {
    if (count > this.itemsLeft)
      throw new OutboundFetchError('too_many', fill(messages.outbound.tooMany, { limit: this.limits.items, count }));
    this.itemsLeft -= count;
  }

  /** GETs one file (admitted beforehand or counted now), cut at the per-file and per-request caps. */
  async fetch(url: string, admitted = false): Promise<FetchedFile> {
    if (!admitted) this.admit(1);
    const signal = AbortSignal.any([
      this.deadline,
      this.cancelled.signal,
      AbortSignal.timeout(this.limits.itemTimeoutMs),
    ]);
    try {
      const response = await sendOutbound(
        url,
        { method: 'GET' },
        { dispatcher: this.agent, signal, maxRedirects: this.limits.redirects },
      );
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        throw new OutboundFetchError('unreachable', fill(messages.outbound.unreachable, { url: shown(url) }));
      }
      const bytes = await readCapped(response.body, this.limits.itemBytes, (size) => this.spend(size));
      const mediaType =
        String(response.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      return { bytes, mediaType };
    } catch (error) {
      throw this.asFetchError(error, url);
    }
  }

  /** Stops the fetches still running (one failed: the request is refused anyway). */
  cancel(): void {
    this.cancelled.abort();
  }

  private spend(size: number): void {
    this.bytesLeft -= size;
    if (this.bytesLeft < 0)
      throw new OutboundFetchError(
        'too_large',
        fill(messages.outbound.totalTooLarge, { limit: this.limits.totalBytes }),
      );
  }

  private asFetchError(error: unknown, url: string): OutboundFetchError {
    if (error instanceof OutboundFetchError) return error;
    if (error instanceof TooLargeError)
      return new OutboundFetchError(
        'too_large',
        fill(messages.outbound.tooLarge, { url: shown(url), limit: error.limit }),
      );
    if (error instanceof UnsupportedAddressError)
      return new OutboundFetchError('unsupported', fill(messages.outbound.unsupported, { url: shown(url) }));
    // refused address, refused connection, reset, timeout: all alike to the caller
    return new OutboundFetchError('unreachable', fill(messages.outbound.unreachable, { url: shown(url) }));
  }
}
