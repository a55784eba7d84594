import type { AppContext } from '../../app-context';
import { CALLER_FETCH_LIMITS, type CallerFetchLimits, type FetchedFile } from '../../platform/outbound/caller-fetcher';
import { readCapped } from '../../platform/outbound/outbound-request';
import { WindowRateLimiter } from '../../platform/rate-limit';
import { fill } from '../../platform/text';
import { RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { callUpstream } from '../tasks/upstream-call';
import type { MidjourneyStore } from './midjourney-store';
import { messages } from '../../platform/i18n/catalogue';

/** Image requests one client address may make per window (the route needs no key). */
export const DRAWING_IMAGE_RATE = { requests: 30, windowSeconds: 60 };
/** Finished drawings kept in memory, least recently served dropped first. */
export const DRAWING_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

const DRAWING_IMAGE_BYTES = 16 * 1024 * 1024;
/** A caller fetch's limits for one image, larger and given longer than an attachment. */
const DRAWING_FETCH_LIMITS: CallerFetchLimits = {
  ...CALLER_FETCH_LIMITS,
  itemBytes: DRAWING_IMAGE_BYTES,
  items: 1,
  totalBytes: DRAWING_IMAGE_BYTES,
  itemTimeoutMs: 30_000,
};

const sameOrigin = (url: string, base: string) =>
  URL.canParse(url) && URL.canParse(base) && new URL(url).origin === new URL(base).origin;

/**
 * The keyless drawing image proxy's source: a finished drawing (it never changes) is downloaded once
 * and then served from a bounded in-memory cache; requests that arrive while an image is being
 * fetched share that one download. Each client address is rate limited. An image on the origin of its
 * channel's base URL (a proxy serving its own drawings, often on an internal network) is fetched like
 * every call to that channel; any other address goes through the outbound guard.
 */
export class DrawingImages {
  private readonly cache = new Map<string, FetchedFile>();
  private cachedBytes = 0;
  /** lookups and downloads under way, shared by the requests that arrive meanwhile */
  private readonly pending = new Map<string, Promise<FetchedFile | null>>();
  private readonly limiter: WindowRateLimiter;

  constructor(
    context: AppContext,
    private readonly store: MidjourneyStore,
    private readonly services: RelayServices,
  ) {
    this.limiter = new WindowRateLimiter(context.counters);
  }

  /** Refuses with 429 once the address made more than its share of image requests in the window. */
  async admit(clientAddress: string): Promise<void> {
    if (
      !(await this.limiter.hit(
        `mj-image:${clientAddress}`,
        DRAWING_IMAGE_RATE.requests,
        DRAWING_IMAGE_RATE.windowSeconds,
      ))
    ) {
      throw new RelayError(messages.common.tooManyRequests, 429, 'rate_limited', 'rate_limit_error');
    }
  }

  /** The image of a drawing, or null when no drawing of that id has one. */
  async image(mjId: string): Promise<FetchedFile | null> {
    const cached = this.cache.get(mjId);
    if (cached) {
      this.cache.delete(mjId);
      this.cache.set(mjId, cached);
      return cached;
    }
    let pending = this.pending.get(mjId);
    if (!pending) {
      pending = this.load(mjId).finally(() => this.pending.delete(mjId));
      this.pending.set(mjId, pending);
    }
    return pending;
  }

  private async load(mjId: string): Promise<FetchedFile | null> {
    const drawing = await this.store.image(mjId);
    if (!drawing.url) return null;
    const channel = this.services.channels.channel(drawing.channelId);
    try {
      const image =
        channel && sameOrigin(drawing.url, channel.baseUrl)
          ? await this.fromChannel(drawing.url)
          : await this.services.outbound.session(DRAWING_FETCH_LIMITS).fetch(drawing.url);
      if (drawing.finished) this.remember(mjId, image);
      return image;
    } catch {
      // refused address, unreachable, bad status, too large or too slow: one answer for all
      throw new RelayError(
        fill(messages.relayTask.imageUnavailable, { id: mjId }),
        502,
        'image_fetch_failed',
        'upstream_error',
      );
    }
  }

  /** Through the upstream pool, as the channel's other calls, with the same size cap and time. */
  private async fromChannel(url: string): Promise<FetchedFile> {
    const answer = await callUpstream(this.services.agent, {
      url,
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(DRAWING_FETCH_LIMITS.itemTimeoutMs),
    });
    if (answer.statusCode !== 200) {
      await answer.body.dump().catch(() => undefined);
      throw new Error(`the channel answered HTTP ${answer.statusCode}`);
    }
    const bytes = await readCapped(answer.body, DRAWING_FETCH_LIMITS.itemBytes);
    return {
      bytes,
      mediaType:
        String(answer.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '',
    };
  }

  private remember(mjId: string, image: FetchedFile): void {
    if (this.cache.has(mjId) || image.bytes.length > DRAWING_IMAGE_CACHE_BYTES / 4) return;
    this.cache.set(mjId, image);
    this.cachedBytes += image.bytes.length;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedBytes <= DRAWING_IMAGE_CACHE_BYTES) break;
      this.cache.delete(oldest);
      this.cachedBytes -= entry.bytes.length;
    }
  }
}
