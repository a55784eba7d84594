import type { CachedChannel, Tier } from './caches/channel-index';
import type { CircuitBreaker } from './circuit-breaker';

/** Weighted random pick; when every weight is 0 the channels count as equal. */
export function pickWeighted(channels: CachedChannel[], random: () => number = Math.random): CachedChannel | undefined {
  if (channels.length <= 1) return channels[0];
  const total = channels.reduce((sum, channel) => sum + Math.max(0, channel.weight), 0);
  if (total === 0) return channels[Math.floor(random() * channels.length)];
  let remaining = random() * total;
  for (const channel of channels) {
    remaining -= Math.max(0, channel.weight);
    if (remaining < 0) return channel;
  }
  return channels[channels.length - 1];
}

/**
 * The next channel to try: the highest priority tier that still has a channel not tried in this
 * request, weighted random inside it. Channels whose circuit is open are passed over while any other
 * remains; if only such channels remain, they are tried rather than failing the call.
 */
export function selectChannel(
  tiers: Tier[],
  tried: ReadonlySet<number>,
  breaker: CircuitBreaker,
  random: () => number = Math.random,
): CachedChannel | undefined {
  let fallback: CachedChannel[] | undefined;
  for (const tier of tiers) {
    const untried = tier.channels.filter((channel) => !tried.has(channel.id));
    if (untried.length === 0) continue;
    const healthy = untried.filter((channel) => breaker.allows(channel.id));
    if (healthy.length > 0) return pickWeighted(healthy, random);
    fallback ??= untried;
  }
  return fallback ? pickWeighted(fallback, random) : undefined;
}
