import type { AppContext } from '../../app-context';
import { messages } from '../../platform/errors';
import { OutboundFetchError, type CallerFetcher, type CallerFetchLimits, type FetchedFile } from '../../platform/outbound/caller-fetcher';
import { WindowRateLimiter } from '../../platform/rate-limit';
import { fill, type Text } from '../../platform/text';
import { RelayError } from '../relay-error';
import type { MidjourneyStore } from './midjourney-store';

/** Image requests one client address may make per window (the route needs no key). */
export const DRAWING_IMAGE_RATE = { requests: 30, windowSeconds: 60 };
/** Finished drawings kept in memory, least recently served dropped first. */
export const DRAWING_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

const DRAWING_FETCH_LIMITS: CallerFetchLimits = {
  itemBytes: 16 * 1024 * 1024,
  items: 1,
  totalBytes: 16 * 1024 * 1024,
  itemTimeoutMs: 30_000,
  requestTimeoutMs: 30_000,
  redirects: 3,
};

const imageUnavailable: Text = { zh: '无法获取绘图 {id} 的图片', en: 'Could not fetch the image of drawing {id}' };

/**
 * The keyless drawing image proxy's source: a finished drawing (it never changes) is downloaded
 * once through the outbound guard and then served from a bounded in-memory cache; requests that
 * arrive while an image is being fetched share that one download. Each client address is rate limited.
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
    private readonly outbound: CallerFetcher,
  ) {
    this.limiter = new WindowRateLimiter(context.counters);
  }

  /** Refuses with 429 once the address made more than its share of image requests in the window. */
  async admit(clientAddress: string): Promise<void> {
    if (!(await this.limiter.hit(`mj-image:${clientAddress}`, DRAWING_IMAGE_RATE.requests, DRAWING_IMAGE_RATE.windowSeconds))) {
      throw new RelayError(messages.tooManyRequests, 429, 'rate_limited', 'rate_limit_error');
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
    const { url, finished } = await this.store.image(mjId);
    if (!url) return null;
    const image = await this.download(mjId, url);
    if (finished) this.remember(mjId, image);
    return image;
  }

  private async download(mjId: string, url: string): Promise<FetchedFile> {
    try {
      return await this.outbound.session(DRAWING_FETCH_LIMITS).fetch(url);
    } catch (error) {
      if (error instanceof OutboundFetchError) throw new RelayError(fill(imageUnavailable, { id: mjId }), 502, 'image_fetch_failed', 'upstream_error');
      throw error;
    }
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
