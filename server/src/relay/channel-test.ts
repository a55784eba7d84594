import type { Selectable } from 'kysely';
import type { Agent } from 'undici';
import type { ChannelsTable } from '../db/tables/channels';
import { createUpstreamAgent } from '../platform/http-agent';
import { sendAttempt } from './attempt';
import { toCachedChannel } from './caches/channel-index';
import { DiscardSink } from './client-sink';
import { relayEndpoints } from './endpoints';
import { openAIDialect } from './formats/openai-chat';
import { parseJsonBody } from './formats/request-body';
import { mapModel } from './model-mapping';
import { RelayError } from './relay-error';

export interface ChannelTestResult {
  success: boolean;
  /** the upstream's error message when it failed */
  message: string;
  /** milliseconds the upstream took */
  timeMs: number;
  model: string;
  /** the upstream's status when it answered with an error */
  status: number;
}

const TEST_TIMEOUT_MS = 60_000;
let testAgent: Agent | null = null;

const embeddingModel = /embed|bge-|m3e/i;

/** The model a test uses: the one asked for, else the channel's test model, else its first model. */
export function testModelOf(channel: Selectable<ChannelsTable>, requested?: string): string {
  const first = channel.models.split(',').map((model) => model.trim()).find(Boolean);
  return requested?.trim() || channel.test_model.trim() || first || 'gpt-4o-mini';
}

/**
 * Sends a tiny real request through the channel's provider adapter (chat "hi" with 16 tokens, or an
 * embedding of "hello world") and reports whether it answered and how long it took.
 */
export async function testChannel(channel: Selectable<ChannelsTable>, requestedModel?: string): Promise<ChannelTestResult> {
  testAgent ??= createUpstreamAgent({ headersTimeoutMs: TEST_TIMEOUT_MS, bodyTimeoutMs: TEST_TIMEOUT_MS });
  const model = testModelOf(channel, requestedModel);
  const isEmbedding = embeddingModel.test(model);
  const endpoint = relayEndpoints.find((candidate) => candidate.kind === (isEmbedding ? 'embeddings' : 'chat'))!;
  const payload = isEmbedding
    ? { model, input: 'hello world' }
    : { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 };
  const body = parseJsonBody(Buffer.from(JSON.stringify(payload)), undefined);
  const cached = toCachedChannel(channel);
  const started = performance.now();
  try {
    const upstreamModel = mapModel(cached.modelMapping, model);
    await sendAttempt(testAgent, {
      channel: cached,
      endpoint,
      dialect: openAIDialect,
      body,
      contentType: 'application/json',
      clientHeaders: {},
      upstreamModel,
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
      sink: new DiscardSink(),
    });
    return { success: true, message: '', timeMs: Math.round(performance.now() - started), model, status: 200 };
  } catch (error) {
    const message = error instanceof RelayError ? error.text.en : error instanceof Error ? error.message : String(error);
    const status = error instanceof RelayError ? error.status : 500;
    return { success: false, message, timeMs: Math.round(performance.now() - started), model, status };
  }
}
