import type { ChannelUpdateRequest, MultiKeyMode } from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { ChannelsTable } from '../../db/tables/channels';
import { joinKeys, resized, splitKeys, storedKeys, type ChannelInfo } from '../../domain/multi-key';
import type { ChannelRow } from './channel-view';

/** channel_info of a new multi-key channel of `size` keys, all enabled. */
export const newMultiKeyInfo = (size: number, mode: MultiKeyMode): ChannelInfo => ({
  is_multi_key: true,
  multi_key_size: size,
  multi_key_polling_index: 0,
  multi_key_mode: mode,
});

/**
 * An edit of a multi-key channel (issue 37): the stored info is kept; `multi_key_mode` changes the mode;
 * a non-empty key is appended (`key_mode: append`, repeats and blanks skipped) or replaces the list
 * (`replace`, also when key_mode is absent). The size is recomputed, statuses past the end dropped.
 */
export function multiKeyChanges(
  existing: ChannelRow,
  info: ChannelInfo,
  request: ChannelUpdateRequest,
  type: number,
): Updateable<ChannelsTable> {
  const changes: Updateable<ChannelsTable> = {};
  let next: ChannelInfo = request.multi_key_mode ? { ...info, multi_key_mode: request.multi_key_mode } : info;
  const sent = request.key?.trim();
  if (sent) {
    const given = splitKeys(type, sent);
    let keys = given;
    if (request.key_mode === 'append') {
      const stored = storedKeys(existing.type, existing.key);
      const known = new Set(stored);
      keys = [...stored, ...given.filter((key) => !known.has(key))];
    }
    if (keys.length > 0) {
      changes.key = joinKeys(keys);
      next = resized(next, keys.length);
    }
  }
  if (JSON.stringify(next) !== JSON.stringify(info) || changes.key !== undefined)
    changes.channel_info = JSON.stringify(next);
  return changes;
}
