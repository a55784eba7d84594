import { AFFINITY_NAMESPACE, type AffinityCacheStats, type AffinityUsageStats } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AffinityRequestError, type AffinityCacheAdmin } from '../../domain/affinity-cache';
import type { AffinityStore } from '../../platform/affinity-store';
import type { Usage } from '../billing/quota';
import type { CachedChannel, Tier } from '../caches/channel-index';
import { matchAffinity, type AffinityFacts, type AffinityMatch } from './affinity-match';
import { AffinitySettingsCache } from './affinity-settings';

/** The usage counters' namespace (keyed by rule name, using group and value fingerprint). */
const USAGE_NAMESPACE = 'new-api:channel_affinity_usage_cache_stats:v1:';

const usageKey = (ruleName: string, usingGroup: string, fingerprint: string) =>
  `${USAGE_NAMESPACE}${ruleName}\n${usingGroup}\n${fingerprint}`;

type UsageCounters = Omit<AffinityUsageStats, 'rule_name' | 'using_group' | 'key_fp'>;

const emptyCounters = (): UsageCounters => ({
  cached_token_rate_mode: '',
  hit: 0,
  total: 0,
  window_seconds: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  cached_tokens: 0,
  prompt_cache_hit_tokens: 0,
  last_seen_at: 0,
});

/** Stored counters; unreadable text reads as none. */
function countersOf(stored: string | null): UsageCounters {
  if (!stored) return emptyCounters();
  try {
    return { ...emptyCounters(), ...(JSON.parse(stored) as Partial<UsageCounters>) };
  } catch {
    return emptyCounters();
  }
}

/**
 * Channel affinity (issue 37): matching calls to rules, remembering which channel served a session
 * value, finding it again for the next call, the cache statistics and the usage counters.
 */
export class ChannelAffinity implements AffinityCacheAdmin {
  readonly settings: AffinitySettingsCache;
  private readonly store: AffinityStore;

  constructor(context: AppContext) {
    this.settings = new AffinitySettingsCache(context.options);
    this.store = context.affinity;
  }

  /** The matching rule and value of a call, or null (affinity off, no rule for it, no value). */
  match(facts: AffinityFacts): AffinityMatch | null {
    const rules = this.settings.activeRules();
    return rules.length === 0 ? null : matchAffinity(rules, facts);
  }

  /** The remembered channel's id, or null. */
  async lookup(match: AffinityMatch): Promise<number | null> {
    const value = await this.store.get('channel', match.cacheKey).catch(() => null);
    const id = value === null ? Number.NaN : Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  /**
   * The remembered channel when it can serve the call (enabled, and serving the model in the group:
   * it is in the call's tiers); otherwise the entry is forgotten, unless keep_on_channel_disabled.
   */
  usable(match: AffinityMatch, channelId: number, tiers: Tier[]): CachedChannel | null {
    for (const tier of tiers) for (const channel of tier.channels) if (channel.id === channelId) return channel;
    if (!this.settings.current().keepOnChannelDisabled)
      void this.store.delete('channel', match.cacheKey).catch(() => undefined);
    return null;
  }

  /** Remembers the channel for the rule's TTL (0: the default). */
  async remember(match: AffinityMatch, channelId: number): Promise<void> {
    const settings = this.settings.current();
    await this.store
      .set(
        'channel',
        match.cacheKey,
        String(channelId),
        this.ttlOf(match, settings.defaultTtlSeconds),
        settings.maxEntries,
      )
      .catch(() => undefined);
  }

  private ttlOf(match: AffinityMatch, defaultTtl: number): number {
    const ttl = match.rule.ttl_seconds ?? 0;
    return ttl > 0 ? ttl : defaultTtl;
  }

  /**
   * Adds a call's usage to the counters of its rule, group and value fingerprint, for the rule's TTL.
   * Claude counts its prompt without the cached tokens (rate mode cached_over_prompt_plus_cached).
   */
  async observeUsage(match: AffinityMatch, usage: Usage, claude: boolean): Promise<void> {
    const settings = this.settings.current();
    const window = this.ttlOf(match, settings.defaultTtlSeconds);
    const key = usageKey(match.rule.name, match.usingGroup, match.fingerprint);
    const stored = await this.store.get('usage', key).catch(() => null);
    const counters = countersOf(stored);
    const mode = claude ? 'cached_over_prompt_plus_cached' : 'cached_over_prompt';
    if (!counters.cached_token_rate_mode) counters.cached_token_rate_mode = mode;
    else if (counters.cached_token_rate_mode !== mode) counters.cached_token_rate_mode = 'mixed';
    const cached = usage.cachedTokens ?? 0;
    const prompt = claude
      ? Math.max(0, usage.promptTokens - cached - (usage.cacheWriteTokens ?? 0))
      : usage.promptTokens;
    counters.total += 1;
    if (cached > 0) counters.hit += 1;
    counters.window_seconds = window;
    counters.last_seen_at = Math.floor(Date.now() / 1000);
    counters.cached_tokens += cached;
    counters.prompt_tokens += prompt;
    counters.completion_tokens += usage.completionTokens;
    counters.total_tokens += prompt + usage.completionTokens;
    await this.store.set('usage', key, JSON.stringify(counters), window, settings.maxEntries).catch(() => undefined);
  }

  /** `GET /api/log/channel_affinity_usage_cache`: the counters of one affinity key (zeros when none). */
  async usageStats(ruleName: string, usingGroup: string, fingerprint: string): Promise<AffinityUsageStats> {
    const stored = await this.store.get('usage', usageKey(ruleName, usingGroup, fingerprint));
    const counters = countersOf(stored);
    return { rule_name: ruleName, using_group: usingGroup, key_fp: fingerprint, ...counters };
  }

  /** `GET /api/option/channel_affinity_cache`: entries in all, per rule that includes its name, and the rest. */
  async cacheStats(): Promise<AffinityCacheStats> {
    const settings = this.settings.current();
    const named = this.settings
      .configuredRules()
      .filter((rule) => rule.include_rule_name && typeof rule.name === 'string');
    const { total, counts } = await this.store.count(
      'channel',
      AFFINITY_NAMESPACE,
      named.map((rule) => `${AFFINITY_NAMESPACE}${rule.name}:`),
    );
    const byRule = Object.fromEntries(named.map((rule, index) => [rule.name, counts[index] ?? 0]));
    const known = counts.reduce((sum, count) => sum + count, 0);
    return {
      enabled: settings.enabled,
      total,
      unknown: Math.max(0, total - known),
      by_rule_name: byRule,
      cache_capacity: settings.maxEntries,
      cache_algo: this.store.algorithm,
    };
  }

  /** `DELETE /api/option/channel_affinity_cache`: every entry, or those of one rule that includes its name. */
  async clear(all: boolean, ruleName: string | undefined): Promise<number> {
    if (all) return this.store.clear('channel', AFFINITY_NAMESPACE);
    if (!ruleName) throw new AffinityRequestError('missing');
    const rule = this.settings.configuredRules().find((each) => each.name === ruleName);
    if (!rule) throw new AffinityRequestError('unknown rule');
    if (!rule.include_rule_name) throw new AffinityRequestError('rule without name');
    return this.store.clear('channel', `${AFFINITY_NAMESPACE}${rule.name}:`);
  }
}
