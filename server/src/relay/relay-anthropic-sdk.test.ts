import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { toNumber } from '../db/dialect';
import { BEDROCK_CLAUDE, BEDROCK_SECRET, CLAUDE, claudeChannels } from '../testing/claude-channels';
import { FakeAnthropicUpstream } from '../testing/fake-anthropic-upstream';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { anthropicClient, claudeMessage } from '../testing/sdk-clients';
import { newestLogFlushed } from '../testing/log-queries';
import { describeProviderChannel } from '../testing/provider-channel-suite';

await describeProviderChannel(
  'the official @anthropic-ai/sdk through /v1/messages on %s',
  () => ({ claude: new FakeAnthropicUpstream(BEDROCK_SECRET).forTests(), openai: new FakeOpenAIUpstream().forTests() }),
  ({ claude, openai }) => ({
    username: 'claude-user',
    quota: 50_000_000,
    channels: [
      ...claudeChannels(claude.url, { bedrockRegion: 'us-east-1' }),
      { name: 'openai', type: 1, baseUrl: openai.url, models: ['gpt-4o-mini', 'gpt-5-mini'] },
      {
        name: 'mapped',
        type: 14,
        baseUrl: claude.url,
        models: ['claude-3-7-sonnet-20250219'],
        modelMapping: { 'claude-3-7-sonnet-20250219': 'claude-3-7-sonnet-latest' },
      },
    ],
  }),
  (server, caller, { claude, openai }) => {
    let client: Anthropic;
    beforeAll(() => {
      client = anthropicClient(server, caller.apiKey);
    });

    beforeEach(() => {
      claude.behaviour = {};
      openai.behaviour = {};
    });

    it('Claude channel: the request goes up as sent, the answer comes back as recorded, cached tokens billed at their ratios', async () => {
      const params = {
        model: CLAUDE,
        max_tokens: 256,
        system: 'Be kind.',
        messages: [{ role: 'user' as const, content: 'Hello' }],
      };
      const headers = { 'anthropic-beta': 'prompt-caching-2024-07-31', 'anthropic-version': '2023-06-01' };
      const message = await client.messages.create(params, { headers });
      expect(message.content).toEqual([{ type: 'text', text: 'Hello! How can I help you today?' }]);
      expect(message.usage).toMatchObject({
        input_tokens: 100,
        cache_read_input_tokens: 2000,
        cache_creation_input_tokens: 400,
        output_tokens: 50,
      });
      const received = claude.received.at(-1)!;
      expect(received.path).toBe('/v1/messages');
      expect(received.body).toEqual(params);
      expect(received.headers).toMatchObject({ 'x-api-key': 'anthropic-key', ...headers });

      const log = await newestLogFlushed(server);
      // (100 + 2000 × 0.1 + 400 × 1.25 + 50 × 5) × 1.5 = 1575
      expect(toNumber(log.quota)).toBe(1575);
      expect(log).toMatchObject({ model_name: CLAUDE, prompt_tokens: 2500, completion_tokens: 50, is_stream: 0 });
      expect(JSON.parse(log.other)).toMatchObject({
        cache_tokens: 2000,
        cache_ratio: 0.1,
        cache_creation_tokens: 400,
        cache_creation_ratio: 1.25,
      });
    });

    it('Claude channel with a model mapping: only the model name changes on the way up', async () => {
      const params = {
        model: 'claude-3-7-sonnet-20250219',
        max_tokens: 20,
        temperature: 0.3,
        messages: [{ role: 'user' as const, content: 'Hi' }],
      };
      await client.messages.create(params);
      expect(claude.received.at(-1)?.body).toEqual({ ...params, model: 'claude-3-7-sonnet-latest' });
      const log = await newestLogFlushed(server);
      expect(log.model_name).toBe('claude-3-7-sonnet-20250219');
      expect(JSON.parse(log.other)).toMatchObject({
        is_model_mapped: true,
        upstream_model_name: 'claude-3-7-sonnet-latest',
      });
    });

    it('Claude channel, streamed: events pass through untouched and the stream is billed the same', async () => {
      const stream = client.messages.stream(claudeMessage(CLAUDE, 'Hello', 256));
      const texts: string[] = [];
      stream.on('text', (text) => texts.push(text));
      const message = await stream.finalMessage();
      expect(texts).toEqual(['Hello! How', ' can I help', ' you today?']);
      expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 2000 });
      expect(claude.received.at(-1)?.body.stream).toBe(true);
      const log = await newestLogFlushed(server);
      expect(toNumber(log.quota)).toBe(1575);
      expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 2500, completion_tokens: 50 });
    });

    it('OpenAI channel: the Messages request is converted to chat and the answer back', async () => {
      const message = await client.messages.create({
        model: 'gpt-4o-mini',
        max_tokens: 100,
        system: 'Be kind.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
      });
      expect(message).toMatchObject({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: 'Hello from the fake upstream' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 10, output_tokens: 20 },
      });
      expect(openai.received.at(-1)?.body).toEqual({
        model: 'gpt-4o-mini',
        max_tokens: 100,
        messages: [
          { role: 'system', content: 'Be kind.' },
          { role: 'user', content: 'Say hello' },
        ],
      });
      const log = await newestLogFlushed(server);
      // (10 + 20 × 4) × 0.075 = 6.75 → 7
      expect(toNumber(log.quota)).toBe(7);
      expect(log).toMatchObject({ model_name: 'gpt-4o-mini', prompt_tokens: 10, completion_tokens: 20 });
    });

    it('OpenAI channel with a reasoning model: max_tokens travels as max_completion_tokens', async () => {
      await client.messages.create({
        model: 'gpt-5-mini',
        max_tokens: 300,
        messages: [{ role: 'user', content: 'Think' }],
      });
      const body = openai.received.at(-1)?.body;
      expect(body).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 300 });
      expect(body).not.toHaveProperty('max_tokens');
    });

    it('OpenAI channel, streamed: chunks become Anthropic events with the usage at the end', async () => {
      openai.behaviour = { promptTokens: 33, completionTokens: 7 };
      const stream = client.messages.stream(claudeMessage('gpt-4o-mini', 'Stream', 100));
      const message = await stream.finalMessage();
      expect(message.content).toEqual([{ type: 'text', text: 'Hello from the fake upstream' }]);
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage).toMatchObject({ input_tokens: 33, output_tokens: 7 });
      expect(openai.received.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      const log = await newestLogFlushed(server);
      expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 33, completion_tokens: 7 });
    });

    it('Bedrock channel, streamed: SigV4-signed call, event-stream re-framed as Anthropic events', async () => {
      const stream = client.messages.stream(claudeMessage(BEDROCK_CLAUDE, 'Hello'));
      const message = await stream.finalMessage();
      expect(message.content).toEqual([{ type: 'text', text: 'Hello! How can I help you today?' }]);
      const received = claude.received.at(-1)!;
      expect(received.path).toBe('/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream');
      expect(received.signatureValid).toBe(true);
      expect(received.body).toEqual({
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hello' }],
        anthropic_version: 'bedrock-2023-05-31',
      });
      const log = await newestLogFlushed(server);
      expect(toNumber(log.quota)).toBe(1575);
      expect(log).toMatchObject({ model_name: BEDROCK_CLAUDE, channel_name: 'bedrock', is_stream: 1 });
    });

    it('Bedrock channel, whole answer', async () => {
      const message = await client.messages.create({
        model: BEDROCK_CLAUDE,
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      expect(message.content).toEqual([{ type: 'text', text: 'Hello! How can I help you today?' }]);
      expect(claude.received.at(-1)?.path).toBe('/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke');
    });

    it('lists the models in Anthropic shape for a Claude client', async () => {
      const ids: string[] = [];
      for await (const model of client.models.list()) {
        expect(model.type).toBe('model');
        ids.push(model.id);
      }
      expect(ids).toEqual(['claude-3-7-sonnet-20250219', BEDROCK_CLAUDE, CLAUDE, 'gpt-4o-mini', 'gpt-5-mini']);
      expect(await client.models.retrieve(CLAUDE)).toMatchObject({ id: CLAUDE, type: 'model', display_name: CLAUDE });
    });

    it('counts the tokens of a Messages request locally, billing nothing', async () => {
      const quotaBefore = await server.context.balances.userQuota(caller.userId);
      const short = await client.messages.countTokens({
        model: CLAUDE,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      const long = await client.messages.countTokens({
        model: CLAUDE,
        system: 'You are a careful assistant who answers in full sentences.',
        messages: [{ role: 'user', content: 'Hello there, how are you doing today?' }],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather by city',
            input_schema: { type: 'object', properties: { city: { type: 'string' } } },
          },
        ],
      });
      expect(short.input_tokens).toBeGreaterThan(0);
      expect(long.input_tokens).toBeGreaterThan(short.input_tokens + 20);
      expect(await server.context.balances.userQuota(caller.userId)).toBe(quotaBefore);
      const refused = await client.messages
        .countTokens({ model: CLAUDE, messages: 'nope' as never })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    });

    it('answers errors in Anthropic shape: a bad key, an unknown model, an upstream refusal', async () => {
      const stranger = new Anthropic({ apiKey: 'sk-not-a-real-key', baseURL: server.url, maxRetries: 0 });
      const refused = await stranger.messages
        .create({ model: CLAUDE, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Anthropic.AuthenticationError);
      expect((refused as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({
        type: 'error',
        error: { type: 'authentication_error' },
      });

      const unknown = await client.messages
        .create({ model: 'no-such-model', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
        .catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(Anthropic.BadRequestError);

      claude.behaviour = { failWith: { status: 400, fixture: 'error-invalid-request' } };
      const upstream = await client.messages
        .create({ model: CLAUDE, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
        .catch((error: unknown) => error);
      expect(upstream).toBeInstanceOf(Anthropic.BadRequestError);
      expect((upstream as Error).message).toContain('text content blocks must be non-empty');

      const invalid = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': caller.apiKey, 'content-type': 'application/json' },
        body: '{"model":"x"}',
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    });
  },
);
