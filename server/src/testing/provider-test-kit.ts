import type OpenAI from 'openai';
import { toNumber } from '../db/dialect';
import type { CachedChannel } from '../relay/caches/channel-index';
import { chatEndpoint } from '../relay/endpoints';
import { defaultAdapterSettings } from '../relay/providers/adapter-settings';
import type { UpstreamTarget } from '../relay/providers/provider';
import type { Recording } from './fixture-replay-upstream';
import { addChannel, addToken, addUser, flushAll, type ChannelValues } from './relay-fixtures';
import { storedValue } from './stored-rows';
import type { TestServer } from './test-server';

/**
 * The recordings in the `__fixtures__` folder beside a test (`moduleUrl`: its `import.meta.url`):
 * `recording(name, stream?, status?)`.
 */
export const recordingsBeside =
  (moduleUrl: string, folder = './__fixtures__/') =>
  (name: string, stream = false, status?: number): Recording => ({
    file: new URL(`${folder}${name}`, moduleUrl),
    stream,
    ...(status === undefined ? {} : { status }),
  });

/** A channel with its `other` column set (Gemini API version, Vertex region). */
export async function addChannelWithOther(server: TestServer, values: ChannelValues, other: string): Promise<number> {
  const id = await addChannel(server, values);
  await server.context.database.db.updateTable('channels').set({ other }).where('id', '=', id).execute();
  await server.context.bus.channelsChanged();
  return id;
}

/** The newest consumption log row, once pending writes are flushed; `other` parsed. */
export async function lastConsumeLog(server: TestServer) {
  await flushAll(server);
  const row = await server.context.database.db
    .selectFrom('logs')
    .selectAll()
    .where('type', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, quota: toNumber(row.quota), other: JSON.parse(row.other) as Record<string, unknown> };
}

/** The user's quota in the database, once pending deltas are flushed. */
export async function userQuota(server: TestServer, userId: number): Promise<number> {
  await flushAll(server);
  return toNumber(await storedValue(server.context.database.db, 'users', { id: userId }, 'quota'));
}

/** Adds model ratios to the defaults (for models the price table does not know). */
export async function priceModels(server: TestServer, ratios: Record<string, number>): Promise<void> {
  const current = server.context.options.json<Record<string, number>>('ModelRatio') ?? {};
  await server.context.options.save('ModelRatio', JSON.stringify({ ...current, ...ratios }));
}

/** The status and message an SDK call fails with; fails the test when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<{ status: number | undefined; message: string }> {
  try {
    await call;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    return {
      status: typeof status === 'number' ? status : undefined,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  throw new Error('the call succeeded but was expected to fail');
}

/** A channel as the relay caches it (OpenAI, empty base URL, key `secret`) with the given values. */
export const cachedChannel = (values: Partial<CachedChannel>): CachedChannel => ({
  id: 1,
  type: 1,
  name: 'c',
  key: 'secret',
  baseUrl: '',
  other: '',
  organization: '',
  modelMapping: {},
  statusCodeMapping: {},
  autoBan: true,
  priority: 0,
  weight: 0,
  ...values,
});

/** What an adapter is asked to call on `channel`: a chat of `upstreamModel`, not streamed, JSON, default settings, no client headers. */
export const chatTarget = (
  channel: CachedChannel,
  upstreamModel: string,
  values: Partial<UpstreamTarget> = {},
): UpstreamTarget => ({
  channel,
  endpoint: chatEndpoint,
  upstreamModel,
  stream: false,
  contentType: 'application/json',
  clientHeaders: {},
  settings: defaultAdapterSettings,
  ...values,
});

/** A relay caller: a user with `quota` and an unlimited token of theirs. */
export async function relayCaller(
  server: TestServer,
  username: string,
  quota: number,
): Promise<{ userId: number; apiKey: string }> {
  const userId = await addUser(server, username, { quota });
  return { userId, apiKey: (await addToken(server, userId, { unlimited: true })).apiKey };
}

/** A channel of a provider test; `other` (Gemini API version, Vertex region, Coze bot id) where the type reads it. */
export type ProviderChannel = ChannelValues & { other?: string };

/**
 * The usual start of a provider test: `prices` as model ratios, a caller with `quota` (1 000 000 unless
 * told) and an unlimited token, and the channels, in that order; answers the caller and the channel ids.
 */
export async function providerCaller(
  server: TestServer,
  username: string,
  setup: { prices?: Record<string, number>; quota?: number; channels: ProviderChannel[] },
): Promise<{ userId: number; apiKey: string; channelIds: number[] }> {
  if (setup.prices) await priceModels(server, setup.prices);
  const caller = await relayCaller(server, username, setup.quota ?? 1_000_000);
  const channelIds: number[] = [];
  for (const { other, ...values } of setup.channels)
    channelIds.push(
      other === undefined ? await addChannel(server, values) : await addChannelWithOther(server, values, other),
    );
  return { ...caller, channelIds };
}

/** A chat completion of one system and one user message through the official SDK (`extra`: max_tokens, temperature...). */
export function chatWithSystem(
  client: OpenAI,
  model: string,
  system: string,
  user: string,
  extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {},
) {
  return client.chat.completions.create({
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    ...extra,
  });
}
