import { ChannelStatus, splitCommaList, type ChannelView } from '@switchboard/contract';

/** One channel row of the table. */
export interface ChannelRecord {
  key: string;
  channel: ChannelView;
}

/** A tag row in tag mode: its members are the expandable children. */
export interface TagRecord {
  key: string;
  tag: string;
  children: ChannelRecord[];
  enabledCount: number;
  groups: string[];
  usedQuota: number;
  /** The members' priority and weight when they agree, else the first member's. */
  priority: number;
  weight: number;
}

export type TableRecord = ChannelRecord | TagRecord;

export const isTagRecord = (record: TableRecord): record is TagRecord => 'tag' in record;

const channelRecord = (channel: ChannelView): ChannelRecord => ({ key: `channel-${channel.id}`, channel });

function tagRecord(tag: string, members: ChannelView[]): TagRecord {
  const first = members[0];
  return {
    key: `tag-${tag}`,
    tag,
    children: members.map(channelRecord),
    enabledCount: members.filter((member) => member.status === ChannelStatus.Enabled).length,
    groups: [...new Set(members.flatMap((member) => splitCommaList(member.group)))],
    usedQuota: members.reduce((sum, member) => sum + member.used_quota, 0),
    priority: first?.priority ?? 0,
    weight: first?.weight ?? 0,
  };
}

/**
 * The table's rows. In tag mode the server pages whole tags and sends their members together;
 * they become one tag row each, and untagged channels stay rows of their own, in the server's order.
 */
export function tableRecordsOf(items: ChannelView[], tagMode: boolean): TableRecord[] {
  if (!tagMode) return items.map(channelRecord);
  const records: TableRecord[] = [];
  const tags = new Map<string, ChannelView[]>();
  for (const item of items) {
    if (!item.tag) {
      records.push(channelRecord(item));
      continue;
    }
    const members = tags.get(item.tag);
    if (members) {
      members.push(item);
      continue;
    }
    const list = [item];
    tags.set(item.tag, list);
    // A placeholder keeps the tag where its first member appeared; filled in below.
    records.push({
      key: `tag-${item.tag}`,
      tag: item.tag,
      children: [],
      enabledCount: 0,
      groups: [],
      usedQuota: 0,
      priority: 0,
      weight: 0,
    });
  }
  return records.map((record) => (isTagRecord(record) ? tagRecord(record.tag, tags.get(record.tag) ?? []) : record));
}

/** The ids of the selected channel rows (tag rows are never sent). */
export const selectedChannelIds = (keys: ReadonlyArray<string | number | bigint>): number[] =>
  keys
    .map(String)
    .filter((key) => key.startsWith('channel-'))
    .map((key) => Number(key.slice('channel-'.length)));
