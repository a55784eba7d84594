import { request, type Agent } from 'undici';
import { createGuardedAgent, RefusedAddressError } from '../outbound/guarded-agent';
import { policyFor } from '../outbound/internal-addresses';
import { httpAddress } from '../outbound/outbound-request';

/** The JSON body every notification webhook receives (documented in the README). */
export interface WebhookPayload {
  /** 'quota_warning', 'channel_disabled' or 'channel_enabled' */
  type: string;
  title: string;
  content: string;
  /** seconds since the epoch */
  timestamp: number;
}

export interface WebhookTarget {
  url: string;
  secret: string;
  /** WebhookInternalAddressEnabled or OUTBOUND_ALLOW_INTERNAL: loopback and private addresses are allowed */
  allowInternal: boolean;
}

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 500;

const agents = new Map<boolean, Agent>();

/** The outbound guard's pools: every connection goes to a checked address (no redirects are followed). */
function agentFor(allowInternal: boolean): Agent {
  let agent = agents.get(allowInternal);
  if (!agent) {
    agent = createGuardedAgent(policyFor(allowInternal), { connectTimeoutMs: TIMEOUT_MS, keepAliveTimeoutMs: 1000 });
    agents.set(allowInternal, agent);
  }
  return agent;
}

const refusedAddress = (error: unknown) =>
  error instanceof RefusedAddressError || (error as { cause?: unknown }).cause instanceof RefusedAddressError;

/**
 * POSTs the payload with `Authorization: Bearer <secret>` (when a secret is set). A refused or failed
 * delivery is tried three times in all; an internal target is refused at once, unless allowed.
 */
export async function sendWebhook(target: WebhookTarget, payload: WebhookPayload): Promise<void> {
  const url = httpAddress(target.url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.secret) headers.authorization = `Bearer ${target.secret}`;
  const body = JSON.stringify(payload);
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: agentFor(target.allowInternal),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body.dump();
      if (response.statusCode >= 200 && response.statusCode < 300) return;
      lastError = new Error(`webhook answered HTTP ${response.statusCode}`);
    } catch (error) {
      if (refusedAddress(error)) throw error;
      lastError = error;
    }
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
