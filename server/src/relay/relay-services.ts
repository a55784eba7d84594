import type { Agent } from 'undici';
import type { AdapterSettingsCache } from './caches/adapter-settings-cache';
import type { ChannelIndex } from './caches/channel-index';
import type { TokenCache } from './caches/token-cache';
import type { UserCache } from './caches/user-cache';
import type { GatewayMetrics } from '../platform/metrics';
import type { CallerFetcher } from '../platform/outbound/caller-fetcher';
import type { CircuitBreaker } from './circuit-breaker';
import type { SensitiveWords } from './sensitive/sensitive-words';
import type { RelayLimits } from './limits/relay-limits';
import type { CallsInFlight } from './stream/calls-in-flight';
import type { ChannelAffinity } from './affinity/channel-affinity';

/** The relay's in-memory state, built once at start. */
export interface RelayServices {
  tokens: TokenCache;
  users: UserCache;
  channels: ChannelIndex;
  breaker: CircuitBreaker;
  agent: Agent;
  adapterSettings: AdapterSettingsCache;
  sensitiveWords: SensitiveWords;
  /** null unless METRICS_ENABLED */
  metrics: GatewayMetrics | null;
  limits: RelayLimits;
  /** the outbound guard for fetches made for callers (image URLs, drawing images) */
  outbound: CallerFetcher;
  /** what a shutdown waits for, then cuts */
  inFlight: CallsInFlight;
  /** channel affinity (issue 37) */
  affinity: ChannelAffinity;
}
