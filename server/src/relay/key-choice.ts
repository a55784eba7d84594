import { fill } from '../platform/text';
import type { WindowCounter } from '../platform/window-counter';
import type { CachedChannel } from './caches/channel-index';
import { channelFault } from './relay-error';
import { messages } from '../platform/i18n/catalogue';

/**
 * How long the shared turn of a polling channel lives without calls; after it the turn starts again at
 * the first enabled key. Long enough that a busy channel never notices.
 */
const TURN_WINDOW_SECONDS = 7 * 24 * 3600;

/**
 * The key a call uses on a multi-key channel (issue 37): uniformly at random among the enabled keys, or
 * in turn. The turn is one counter shared by every worker and instance (the cluster primary's memory,
 * or Redis), so no key is favoured because each process counted alone. A channel with one key is
 * answered as it is, without a wait. A channel with no enabled key fails the attempt (retryable).
 */
export function chooseKey(
  counters: WindowCounter,
  channel: CachedChannel,
  random: () => number = Math.random,
): CachedChannel | Promise<CachedChannel> {
  const set = channel.multiKey;
  if (!set) return channel;
  const count = set.enabled.length;
  if (count === 0) {
    throw channelFault(fill(messages.relay.noEnabledKey, { id: channel.id }), 503, 'channel_no_available_key');
  }
  const pick = (position: number): CachedChannel => {
    const index = set.enabled[position % count]!;
    return { ...channel, key: set.keys[index]!, keyIndex: index };
  };
  if (set.mode === 'random' || count === 1) return pick(Math.floor(random() * count));
  return counters
    .add(`multi-key:turn:${channel.id}`, 1, TURN_WINDOW_SECONDS)
    .then((turn) => pick(Math.max(0, turn - 1)));
}
