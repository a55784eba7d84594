import { ChannelStatus, splitCommaList } from '@switchboard/contract';
import type { Insertable, Kysely } from 'kysely';
import { toNumber } from '../../db/dialect';
import type { AbilitiesTable } from '../../db/tables/channels';
import type { Tables } from '../../db/tables/index';

type Ability = Insertable<AbilitiesTable>;

/** The channel columns abilities are derived from. */
export interface AbilitySource {
  id: number;
  group: string;
  models: string;
  status: number;
  priority: number;
  weight: number;
  tag: string | null;
}

const ROWS_PER_INSERT = 500;
const IDS_PER_QUERY = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** One row per group × model of the channel, carrying its priority, weight, tag and enabled flag. */
export function abilitiesOf(channel: AbilitySource): Ability[] {
  const rows: Ability[] = [];
  const tag = channel.tag ? channel.tag : null;
  const enabled = channel.status === ChannelStatus.Enabled ? 1 : 0;
  for (const group of splitCommaList(channel.group)) {
    for (const model of splitCommaList(channel.models)) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled,
        priority: channel.priority,
        weight: channel.weight,
        tag,
      });
    }
  }
  return rows;
}

async function loadSources(executor: Kysely<Tables>, ids: number[] | null): Promise<AbilitySource[]> {
  const columns = ['id', 'group', 'models', 'status', 'priority', 'weight', 'tag'] as const;
  const batches = ids === null ? [null] : chunks(ids, IDS_PER_QUERY);
  const sources: AbilitySource[] = [];
  for (const batch of batches) {
    let query = executor.selectFrom('channels').select(columns);
    if (batch) query = query.where('id', 'in', batch);
    for (const row of await query.execute()) {
      sources.push({
        ...row,
        id: toNumber(row.id),
        status: toNumber(row.status),
        priority: toNumber(row.priority),
        weight: toNumber(row.weight),
      });
    }
  }
  return sources;
}

async function insertAbilities(executor: Kysely<Tables>, rows: Ability[]): Promise<void> {
  for (const batch of chunks(rows, ROWS_PER_INSERT)) await executor.insertInto('abilities').values(batch).execute();
}

async function deleteAbilities(executor: Kysely<Tables>, channelIds: number[]): Promise<void> {
  for (const batch of chunks(channelIds, IDS_PER_QUERY)) {
    await executor.deleteFrom('abilities').where('channel_id', 'in', batch).execute();
  }
}

/**
 * Rewrites the abilities of the given channels from their current rows; a channel that no longer
 * exists loses its abilities. Call it inside the transaction that changed the channels.
 */
export async function rewriteAbilities(executor: Kysely<Tables>, channelIds: number[]): Promise<void> {
  if (channelIds.length === 0) return;
  await deleteAbilities(executor, channelIds);
  const sources = await loadSources(executor, channelIds);
  await insertAbilities(executor, sources.flatMap(abilitiesOf));
}

/** An ability row as one comparable text: every column, numbers as numbers whatever the driver returned. */
export const abilityKey = (row: Ability) =>
  JSON.stringify([
    row.group,
    row.model,
    toNumber(row.channel_id),
    toNumber(row.enabled),
    toNumber(row.priority),
    toNumber(row.weight),
    row.tag ?? null,
  ]);

/**
 * Compares every channel's abilities with what its row says and rewrites those that differ, removing
 * rows of channels that no longer exist. Answers how many channels were repaired.
 */
export async function repairAbilities(executor: Kysely<Tables>): Promise<number> {
  const sources = await loadSources(executor, null);
  const stored = new Map<number, string[]>();
  for (const row of await executor.selectFrom('abilities').selectAll().execute()) {
    const channelId = toNumber(row.channel_id);
    const list = stored.get(channelId) ?? [];
    list.push(abilityKey(row));
    stored.set(channelId, list);
  }
  const repaired: number[] = [];
  for (const source of sources) {
    const expected = abilitiesOf(source).map(abilityKey).sort();
    const actual = (stored.get(source.id) ?? []).sort();
    stored.delete(source.id);
    if (expected.length !== actual.length || expected.some((key, index) => key !== actual[index]))
      repaired.push(source.id);
  }
  const orphans = [...stored.keys()];
  await deleteAbilities(executor, orphans);
  await rewriteAbilities(executor, repaired);
  return repaired.length + orphans.length;
}
