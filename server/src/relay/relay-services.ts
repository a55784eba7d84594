import type { Agent } from 'undici';
import type { ChannelIndex } from './caches/channel-index';
import type { TokenCache } from './caches/token-cache';
import type { UserCache } from './caches/user-cache';
import type { CircuitBreaker } from './circuit-breaker';

/** The relay's in-memory state, built once at start. */
export interface RelayServices {
  tokens: TokenCache;
  users: UserCache;
  channels: ChannelIndex;
  breaker: CircuitBreaker;
  agent: Agent;
}
