import { Agent, request } from 'undici';
import { assertExternalLiteral, externalOnlyLookup, InternalTargetError } from './webhook-target';

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
  /** WebhookInternalAddressEnabled: loopback and private addresses are allowed */
  allowInternal: boolean;
}

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 500;

const agentOptions = { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, keepAliveTimeout: 1000 };
let externalAgent: Agent | null = null;
let openAgent: Agent | null = null;

function agentFor(allowInternal: boolean): Agent {
  if (allowInternal) return (openAgent ??= new Agent({ ...agentOptions, connect: { timeout: TIMEOUT_MS } }));
  return (externalAgent ??= new Agent({ ...agentOptions, connect: { timeout: TIMEOUT_MS, lookup: externalOnlyLookup } }));
}

/**
 * POSTs the payload with `Authorization: Bearer <secret>` (when a secret is set). A refused or failed
 * delivery is tried three times in all; an internal target is refused at once, unless allowed.
 */
export async function sendWebhook(target: WebhookTarget, payload: WebhookPayload): Promise<void> {
  const url = new URL(target.url);
  if (!target.allowInternal) assertExternalLiteral(url);
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
      if (error instanceof InternalTargetError || (error as { cause?: unknown }).cause instanceof InternalTargetError) throw error;
      lastError = error;
    }
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
