import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import { insertReturningId, toNumber } from '../../db/dialect';
import type { ChannelsTable } from '../../db/tables/channels';
import type { Tables } from '../../db/tables/index';
import { rewriteAbilities } from './abilities';

const IDS_PER_QUERY = 1000;

/** Channel writes inside one transaction; every channel they touch gets its abilities rewritten before commit. */
export interface ChannelWriter {
  /** The transaction, for reads that must see the writes so far. */
  readonly executor: Kysely<Tables>;
  insert(values: Insertable<ChannelsTable>): Promise<number>;
  update(ids: number[], values: Updateable<ChannelsTable>): Promise<void>;
  /** Deletes the channels and answers how many existed. */
  remove(ids: number[]): Promise<number>;
}

function chunks(ids: number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) result.push(ids.slice(start, start + IDS_PER_QUERY));
  return result;
}

/**
 * Runs channel changes in one transaction, rewrites the touched channels' abilities in the same
 * transaction, and after commit tells every instance's relay that channels changed.
 */
export async function changeChannels<T>(context: AppContext, work: (writer: ChannelWriter) => Promise<T>): Promise<T> {
  const { db, kind } = context.database;
  const result = await db.transaction().execute(async (transaction) => {
    const touched = new Set<number>();
    const writer: ChannelWriter = {
      executor: transaction,
      async insert(values) {
        const id = await insertReturningId(transaction, kind, 'channels', values);
        touched.add(id);
        return id;
      },
      async update(ids, values) {
        for (const batch of chunks(ids)) {
          await transaction.updateTable('channels').set(values).where('id', 'in', batch).execute();
          for (const id of batch) touched.add(id);
        }
      },
      async remove(ids) {
        let removed = 0;
        for (const batch of chunks(ids)) {
          const result = await transaction.deleteFrom('channels').where('id', 'in', batch).executeTakeFirst();
          removed += toNumber(result.numDeletedRows);
          for (const id of batch) touched.add(id);
        }
        return removed;
      },
    };
    const value = await work(writer);
    await rewriteAbilities(transaction, [...touched]);
    return value;
  });
  await context.bus.channelsChanged();
  return result;
}
