import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { failureOf, lastConsumeLog, recordingsBeside, relayCaller } from '../../../testing/provider-test-kit';
import { addChannel } from '../../../testing/relay-fixtures';
import { askChat, openaiClient } from '../../../testing/sdk-clients';
import { availableDatabaseKinds } from '../../../testing/test-databases';
import { serverForTests } from '../../../testing/test-server';
import { predictionInput } from './request';

/** Recordings written from Replicate's documented wire format (HTTP API: models.predictions.create in sync mode, problem details). */
const recording = recordingsBeside(import.meta.url);
const kinds = await availableDatabaseKinds();

describe('prediction input', () => {
  it('takes the prompt, the number of images and the aspect ratio of the size', () => {
    expect(predictionInput({ prompt: 'a cake', n: 2, size: '1792x1024', response_format: 'url' })).toEqual({
      prompt: 'a cake',
      num_outputs: 2,
      aspect_ratio: '16:9',
    });
    expect(predictionInput({ prompt: 'a cake', size: '333x333' })).toEqual({ prompt: 'a cake' });
  });
});

describe.each(kinds)('the OpenAI SDK generating images on a Replicate channel (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  const replicate = new FixtureReplayUpstream({
    '/v1/models/black-forest-labs/flux-schnell/predictions': [recording('prediction-succeeded.json')],
    '/v1/models/black-forest-labs/flux-dev/predictions': [recording('unauthenticated.json', false, 401)],
  }).forTests();
  let openai: OpenAI;

  beforeAll(async () => {
    const current = server.context.options.json<Record<string, number>>('ModelPrice') ?? {};
    await server.context.options.save(
      'ModelPrice',
      JSON.stringify({ ...current, 'black-forest-labs/flux-schnell': 0.003, 'black-forest-labs/flux-dev': 0.025 }),
    );
    const { apiKey } = await relayCaller(server, 'replicate-user', 1_000_000);
    await addChannel(server, {
      type: 56,
      name: 'replicate',
      baseUrl: replicate.url,
      key: 'r8_token',
      models: ['black-forest-labs/flux-schnell', 'black-forest-labs/flux-dev'],
    });
    openai = openaiClient(server, apiKey);
  });

  it('creates a sync prediction and answers the output URLs, billed at the per-call price', async () => {
    const images = await openai.images.generate({
      model: 'black-forest-labs/flux-schnell',
      prompt: 'a cake',
      n: 1,
      size: '1024x1024',
    });
    expect(images.data?.map((image) => image.url)).toEqual([
      'https://replicate.delivery/yhqm/hcDDSNf633zeDUz9sWkKfaftcfJLWIvuhn9vfCFWmufxelmemA/out-0.webp',
    ]);
    expect(replicate.received.at(-1)).toMatchObject({
      path: '/v1/models/black-forest-labs/flux-schnell/predictions',
      headers: { authorization: 'Bearer r8_token', prefer: 'wait' },
      body: { input: { prompt: 'a cake', num_outputs: 1, aspect_ratio: '1:1' } },
    });
    // 0.003 USD per call × 500 000 quota per USD
    expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'black-forest-labs/flux-schnell', quota: 1500 });
  });

  it("refuses chat before any call, and reports Replicate's problem details", async () => {
    const before = replicate.received.length;
    const chat = await failureOf(askChat(openai, 'black-forest-labs/flux-schnell', 'Hi'));
    expect(chat).toMatchObject({
      status: 400,
      message: expect.stringContaining('该渠道类型不支持接口 /v1/chat/completions'),
    });
    expect(replicate.received.length).toBe(before);
    const refused = await failureOf(openai.images.generate({ model: 'black-forest-labs/flux-dev', prompt: 'a cake' }));
    expect(refused).toMatchObject({
      status: 401,
      message: expect.stringContaining('You did not pass a valid authentication token'),
    });
  });
});
