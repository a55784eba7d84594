import { Role } from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { ChannelsTable } from '../../db/tables/channels';
import { AppError } from '../../platform/errors';
import type { ChannelRow } from './channel-view';
import { normaliseBaseUrl } from './validation';
import { messages } from '../../platform/i18n/catalogue';

/** The fields that decide where a channel's key is sent: its type, base URL and `other` (API version, region, account). */
const DESTINATION_FIELDS = ['type', 'base_url', 'other'] as const;

/** Only root may read a stored key (`GET /api/channel/{id}/key`), so only root may send it somewhere else. */
export const mayReadChannelKeys = (role: number): boolean => role >= Role.Root;

/**
 * A stored key stays with its destination: an editor who may not read it (an administrator) and
 * changes the type, base URL or address fields must enter the key again, else nothing changes; the
 * stored key would otherwise be sent to a server of the editor's choosing by the next test or call.
 */
export function checkDestinationChange(
  existing: ChannelRow,
  changes: Updateable<ChannelsTable>,
  editorRole: number,
): void {
  if (mayReadChannelKeys(editorRole) || changes.key !== undefined) return;
  const stored = { type: existing.type, base_url: normaliseBaseUrl(existing.base_url), other: existing.other };
  const moved = DESTINATION_FIELDS.some((field) => changes[field] !== undefined && changes[field] !== stored[field]);
  if (moved) throw new AppError(messages.channel.keyRequiredForNewDestination);
}
