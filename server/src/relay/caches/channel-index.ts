import { channelServiceOf, type ChannelService } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { ChannelsTable } from '../../db/tables/channels';
import { toNumber } from '../../db/dialect';
import type { InvalidationBus } from '../../platform/invalidation-bus';
import { enabledIndexes, parseChannelInfo, storedKeys, type MultiKeyMode } from '../../domain/multi-key';

/** What an attempt needs of a channel, parsed once per reload. */
export interface CachedChannel {
  id: number;
  type: number;
  name: string;
  key: string;
  baseUrl: string;
  other: string;
  organization: string;
  modelMapping: Record<string, string>;
  statusCodeMapping: Record<string, number>;
  autoBan: boolean;
  priority: number;
  weight: number;
  /** present only when the channel has a cap (issue 22) */
  caps?: ChannelCaps;
  /** present only on a multi-key channel (issue 37): its keys; `key` is then chosen per call */
  multiKey?: MultiKeySet;
  /** the index of the key an attempt uses, on a multi-key channel only */
  keyIndex?: number;
}

/** The keys of a multi-key channel, read once per reload. */
export interface MultiKeySet {
  keys: string[];
  /** indexes of the enabled keys, ascending */
  enabled: number[];
  mode: MultiKeyMode;
}

export interface ChannelCaps {
  /** calls in flight at once across instances, 0 none */
  maxConcurrency: number;
  /** billed tokens per UTC day, 0 none */
  dailyTokenLimit: number;
}

export interface Tier {
  priority: number;
  channels: CachedChannel[];
}

function parseObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringMap(text: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parseObject(text)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function numberMap(text: string): Record<string, number> {
  const entries = Object.entries(parseObject(text))
    .map(([from, to]) => [from, Number(to)] as const)
    .filter(([, to]) => Number.isInteger(to) && to >= 100 && to <= 599);
  return Object.fromEntries(entries);
}

/**
 * The key an attempt uses: the first line of a multi-key channel, except that a JSON key (a Vertex AI
 * service account, usually pretty-printed over many lines) is kept whole.
 */
function firstKey(key: string): string {
  const text = key.trim();
  return text.startsWith('{') ? text : (text.split('\n')[0]?.trim() ?? '');
}

/** The key set of a multi-key channel; undefined for every other channel (the common case costs one check). */
function multiKeyOf(row: Selectable<ChannelsTable>): MultiKeySet | undefined {
  if (!row.channel_info || !row.channel_info.includes('is_multi_key')) return undefined;
  const info = parseChannelInfo(row.channel_info);
  if (!info.is_multi_key) return undefined;
  const keys = storedKeys(row.type, row.key);
  return { keys, enabled: enabledIndexes(info, keys.length), mode: info.multi_key_mode };
}

const capsOf = (maxConcurrency: number, dailyTokenLimit: number): ChannelCaps | undefined =>
  maxConcurrency > 0 || dailyTokenLimit > 0 ? { maxConcurrency, dailyTokenLimit } : undefined;

/** A stored channel as the relay uses it (first key of a multi-key channel, parsed mappings). */
export function toCachedChannel(row: Selectable<ChannelsTable>): CachedChannel {
  const multiKey = multiKeyOf(row);
  return {
    id: toNumber(row.id),
    type: row.type,
    name: row.name,
    key: multiKey ? (multiKey.keys[multiKey.enabled[0] ?? 0] ?? '') : firstKey(row.key),
    baseUrl: row.base_url.replace(/\/+$/, ''),
    other: row.other,
    organization: row.openai_organization,
    modelMapping: stringMap(row.model_mapping),
    statusCodeMapping: numberMap(row.status_code_mapping),
    autoBan: row.auto_ban === 1,
    priority: toNumber(row.priority),
    weight: row.weight,
    caps: capsOf(toNumber(row.max_concurrency), toNumber(row.daily_token_limit)),
    multiKey,
  };
}

type TiersByGroupAndModel = Map<string, Map<string, Tier[]>>;

/**
 * Enabled channels indexed by the endpoints they serve (the relay's, or one task platform's), group and
 * model into priority tiers (highest first), built from the abilities table and rebuilt whenever the
 * `channels` topic says something changed. A call only ever sees channels whose type can serve it.
 */
export class ChannelIndex {
  private index = new Map<ChannelService, TiersByGroupAndModel>();
  private byId = new Map<number, CachedChannel>();
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;

  constructor(
    private readonly database: Database,
    bus: InvalidationBus,
  ) {
    bus.onChannelsChanged(() => this.reload());
  }

  tiers(group: string, model: string, service: ChannelService = 'relay'): Tier[] {
    return this.index.get(service)?.get(group)?.get(model) ?? [];
  }

  channel(id: number): CachedChannel | undefined {
    return this.byId.get(id);
  }

  /** Models with at least one enabled channel in any of the groups. */
  models(groups: Iterable<string>): string[] {
    const names = new Set<string>();
    for (const byGroup of this.index.values()) {
      for (const group of groups) for (const model of byGroup.get(group)?.keys() ?? []) names.add(model);
    }
    return [...names].sort();
  }

  /** Reloads; calls that arrive during a reload cause exactly one more. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        await this.load();
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    const db = this.database.db;
    const [channels, abilities] = await Promise.all([
      db.selectFrom('channels').selectAll().where('status', '=', 1).execute(),
      db
        .selectFrom('abilities')
        .select(['group', 'model', 'channel_id', 'priority', 'weight'])
        .where('enabled', '=', 1)
        .execute(),
    ]);
    const byId = new Map<number, CachedChannel>();
    for (const row of channels) {
      const channel = toCachedChannel(row);
      byId.set(channel.id, channel);
    }
    const grouped = new Map<ChannelService, Map<string, Map<string, Map<number, CachedChannel[]>>>>();
    for (const ability of abilities) {
      const channel = byId.get(toNumber(ability.channel_id));
      if (!channel) continue;
      const service = channelServiceOf(channel.type);
      const groups = grouped.get(service) ?? new Map<string, Map<string, Map<number, CachedChannel[]>>>();
      grouped.set(service, groups);
      const models = groups.get(ability.group) ?? new Map<string, Map<number, CachedChannel[]>>();
      groups.set(ability.group, models);
      const tiers = models.get(ability.model) ?? new Map<number, CachedChannel[]>();
      models.set(ability.model, tiers);
      const priority = toNumber(ability.priority);
      const members = tiers.get(priority) ?? [];
      members.push({ ...channel, priority, weight: ability.weight });
      tiers.set(priority, members);
    }
    const index = new Map<ChannelService, TiersByGroupAndModel>();
    for (const [service, groups] of grouped) {
      const byGroup: TiersByGroupAndModel = new Map();
      for (const [group, models] of groups) {
        const byModel = new Map<string, Tier[]>();
        for (const [model, tiers] of models) {
          byModel.set(
            model,
            [...tiers.entries()]
              .sort((a, b) => b[0] - a[0])
              .map(([priority, members]) => ({ priority, channels: members })),
          );
        }
        byGroup.set(group, byModel);
      }
      index.set(service, byGroup);
    }
    this.index = index;
    this.byId = byId;
  }
}
