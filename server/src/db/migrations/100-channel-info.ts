import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { longText } from '../dialect';

/**
 * `channels.channel_info`: the JSON of a multi-key channel (issue 37; reference `ChannelInfo`): its
 * mode, size, polling index and each key's status, reason and time. NULL (or '{}') on a one-key channel.
 */
export function channelInfoColumn(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('channels').addColumn('channel_info', longText(kind)).execute();
    },
  };
}
