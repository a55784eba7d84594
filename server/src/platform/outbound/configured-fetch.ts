import type { Agent } from 'undici';
import { createGuardedAgent } from './guarded-agent';
import { refuseNothing } from './internal-addresses';
import { readCapped, sendOutbound, type OutboundInit } from './outbound-request';

/** Caps of a fetch an administrator configured (OIDC discovery, OAuth token and user info). */
export const CONFIGURED_FETCH_LIMITS = { bytes: 1024 * 1024, timeoutMs: 15_000, redirects: 3 };

let agent: Agent | null = null;

export interface ConfiguredAnswer {
  status: number;
  body: Buffer;
}

/**
 * A fetch to an address root configured: internal addresses are allowed (root chose them), but the
 * answer is read only up to `CONFIGURED_FETCH_LIMITS.bytes` and the whole exchange within its timeout.
 * Throws on an unreachable address, a timeout or an answer over the cap.
 */
export async function fetchConfigured(
  url: string,
  init: OutboundInit,
  timeoutMs = CONFIGURED_FETCH_LIMITS.timeoutMs,
): Promise<ConfiguredAnswer> {
  agent ??= createGuardedAgent(refuseNothing, { connectTimeoutMs: timeoutMs });
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await sendOutbound(url, init, {
    dispatcher: agent,
    signal,
    maxRedirects: CONFIGURED_FETCH_LIMITS.redirects,
  });
  return { status: response.statusCode, body: await readCapped(response.body, CONFIGURED_FETCH_LIMITS.bytes) };
}
