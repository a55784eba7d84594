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
import { adapterSettingsOf, defaultAdapterSettings, type AdapterSettings } from './providers/adapter-settings';
import type { AppContext } from '../app-context';
import type { ChannelTester, ChannelTestResult } from '../domain/channel-health';
import { scrubbedForKey } from '../domain/secret-scrub';
import { upstreamFailureOf } from './channel-health';
import { RelayError, UpstreamError } from './relay-error';

const TEST_TIMEOUT_MS = 60_000;
let testAgent: Agent | null = null;

const rerankModel = /rerank/i;
const imageModel = /dall-e|flux|seedream|cogview|stable-diffusion|sdxl|gpt-image/i;
const embeddingModel = /embed|bge-|m3e/i;

/** The tiny request a test sends for a model: a rerank, an embedding, one image or a chat "hi" (reference notes §2.6). */
function testCallOf(model: string) {
  if (rerankModel.test(model))
    return {
      kind: 'rerank',
      payload: {
        model,
        query: 'What is Deep Learning?',
        documents: ['Deep learning is a subset of machine learning.', 'Cats purr.'],
      },
    } as const;
  if (embeddingModel.test(model)) return { kind: 'embeddings', payload: { model, input: 'hello world' } } as const;
  if (imageModel.test(model))
    return { kind: 'images', payload: { model, prompt: 'a cute cat', n: 1, size: '1024x1024' } } as const;
  return { kind: 'chat', payload: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 } } as const;
}

/** The model a test uses: the one asked for, else the channel's test model, else its first model. */
export function testModelOf(channel: Selectable<ChannelsTable>, requested?: string): string {
  const first = channel.models
    .split(',')
    .map((model) => model.trim())
    .find(Boolean);
  return requested?.trim() || channel.test_model.trim() || first || 'gpt-4o-mini';
}

/**
 * Sends a tiny real request through the channel's provider adapter (chat "hi" with 16 tokens, an
 * embedding of "hello world", a rerank of two documents, or one 1024x1024 image) and reports whether it answered and how long it took.
 */
export async function testChannel(
  channel: Selectable<ChannelsTable>,
  requestedModel?: string,
  settings: AdapterSettings = defaultAdapterSettings,
): Promise<ChannelTestResult> {
  testAgent ??= createUpstreamAgent({ headersTimeoutMs: TEST_TIMEOUT_MS, bodyTimeoutMs: TEST_TIMEOUT_MS });
  const model = testModelOf(channel, requestedModel);
  const { kind, payload } = testCallOf(model);
  const endpoint = relayEndpoints.find((candidate) => candidate.kind === kind && !candidate.multipart)!;
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
      settings,
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
      sink: new DiscardSink(),
    });
    return {
      success: true,
      message: '',
      timeMs: Math.round(performance.now() - started),
      model,
      status: 200,
      upstreamStatus: 200,
      failure: null,
    };
  } catch (error) {
    const text = error instanceof RelayError ? error.text.en : error instanceof Error ? error.message : String(error);
    const message = scrubbedForKey(text, channel.key);
    const status = error instanceof RelayError ? error.status : 500;
    const upstreamStatus = error instanceof UpstreamError ? error.upstreamStatus : 0;
    const failure = error instanceof UpstreamError ? upstreamFailureOf(error, channel.type) : null;
    return {
      success: false,
      message,
      timeMs: Math.round(performance.now() - started),
      model,
      status,
      upstreamStatus,
      failure,
    };
  }
}

/** The channel tester the console and the jobs are given: tests with the adapter options as they are now. */
export const channelTesterOf =
  (context: AppContext): ChannelTester =>
  (channel, model) =>
    testChannel(channel, model, adapterSettingsOf(context.options));
