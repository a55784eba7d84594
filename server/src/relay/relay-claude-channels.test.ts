import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toNumber } from '../db/dialect';
import { userTextAndImages } from '../testing/chat-completion-samples';
import { addClaudeChannels, BEDROCK_CLAUDE, BEDROCK_SECRET, CLAUDE } from '../testing/claude-channels';
import { FakeAnthropicUpstream, PIXEL_PNG } from '../testing/fake-anthropic-upstream';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { expectChatAnswer } from '../testing/relay-answers';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { newestLogFlushed } from '../testing/log-queries';
import { availableDatabaseKinds } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const kinds = await availableDatabaseKinds();
const FAILING_CLAUDE = 'claude-haiku-4-5-20251001';

describe.each(kinds)('the openai SDK against Claude and Bedrock channels on %s', (kind) => {
  let server: TestServer;
  let claude: FakeAnthropicUpstream;
  let overloaded: FakeAnthropicUpstream;
  let openaiUpstream: FakeOpenAIUpstream;
  let client: OpenAI;
  let apiKey: string;
  let claudeChannel: number;
  let backupChannel: number;

  beforeAll(async () => {
    // The Bedrock image test fetches from the fake upstream on 127.0.0.1, as an operator allows it.
    server = await startTestServer({ databaseKind: kind, environment: { OUTBOUND_ALLOW_INTERNAL: 'true' } });
    await server.context.options.save('RetryTimes', '2');
    claude = await new FakeAnthropicUpstream(BEDROCK_SECRET).start();
    overloaded = await new FakeAnthropicUpstream().start();
    overloaded.behaviour = { failWith: { status: 529, fixture: 'error-overloaded' } };
    openaiUpstream = await new FakeOpenAIUpstream().start();
    const userId = await addUser(server, 'openai-sdk-user', { quota: 50_000_000 });
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
    ({ anthropicChannel: claudeChannel } = await addClaudeChannels(server, claude.url));
    await addChannel(server, {
      name: 'overloaded',
      type: 14,
      baseUrl: overloaded.url,
      models: [FAILING_CLAUDE],
      priority: 10,
      autoBan: false,
    });
    backupChannel = await addChannel(server, {
      name: 'backup',
      type: 1,
      baseUrl: openaiUpstream.url,
      models: [FAILING_CLAUDE],
      priority: 0,
    });
    client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await claude.stop();
    await overloaded.stop();
    await openaiUpstream.stop();
    await server.stop();
  });

  beforeEach(() => {
    claude.behaviour = {};
  });

  it('Claude channel: chat converted to a Messages request with the default version, answer and cached usage back', async () => {
    const completion = await client.chat.completions.create({
      model: CLAUDE,
      messages: [
        { role: 'system', content: 'Be kind.' },
        userTextAndImages('What is this?', 'data:image/png;base64,iVBORw0KGgo='),
      ],
    });
    const usage = { prompt_tokens: 2500, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 2000 } };
    expectChatAnswer(completion, 'Hello! How can I help you today?', usage);
    const received = claude.received.at(-1)!;
    expect(received.headers).toMatchObject({ 'x-api-key': 'anthropic-key', 'anthropic-version': '2023-06-01' });
    expect(received.body).toMatchInlineSnapshot(`
      {
        "max_tokens": 8192,
        "messages": [
          {
            "content": [
              {
                "text": "What is this?",
                "type": "text",
              },
              {
                "source": {
                  "data": "iVBORw0KGgo=",
                  "media_type": "image/png",
                  "type": "base64",
                },
                "type": "image",
              },
            ],
            "role": "user",
          },
        ],
        "model": "claude-sonnet-4-5-20250929",
        "system": "Be kind.",
      }
    `);
    const log = await newestLogFlushed(server);
    expect(toNumber(log.quota)).toBe(1575);
    expect(log).toMatchObject({ channel_id: claudeChannel, prompt_tokens: 2500, completion_tokens: 50 });
  });

  it('Claude channel, streamed: Anthropic events become chunks, usage only for a client that asked', async () => {
    const stream = await client.chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Hello! How can I help you today?');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 2500, completion_tokens: 50, total_tokens: 2550 });
    expect(claude.received.at(-1)?.body).toMatchObject({ stream: true, max_tokens: 8192 });
    const log = await newestLogFlushed(server);
    expect(toNumber(log.quota)).toBe(1575);
    expect(log.is_stream).toBe(1);
  });

  it('Claude channel: an error inside the stream reaches the openai SDK as an error, and the delivered part is billed', async () => {
    claude.behaviour = { fixture: 'overloaded-midway' };
    const stream = await client.chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Tell a story' }],
      stream: true,
    });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((error: unknown) => error);
    expect(text).toBe('Once upon');
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect((failure as Error).message).toContain('Overloaded');
    const log = await newestLogFlushed(server);
    expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 100, completion_tokens: 1 });
  });

  it('Claude channel: tool use, whole and streamed, becomes OpenAI tool calls', async () => {
    claude.behaviour = { fixture: 'tool-use' };
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } },
      },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const completion = await client.chat.completions.create({ model: CLAUDE, messages, tools });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather' },
    });
    expect(claude.received.at(-1)?.body.tools).toEqual([
      { name: 'get_weather', input_schema: { type: 'object', properties: { location: { type: 'string' } } } },
    ]);

    const stream = await client.chat.completions.create({ model: CLAUDE, messages, tools, stream: true });
    let args = '';
    let name = '';
    for await (const chunk of stream) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        name += call.function?.name ?? '';
        args += call.function?.arguments ?? '';
      }
    }
    expect(name).toBe('get_weather');
    expect(JSON.parse(args)).toEqual({ location: 'Paris, France', unit: 'celsius' });
  });

  it('Bedrock channel: signed InvokeModel, whole and streamed', async () => {
    const completion = await client.chat.completions.create({
      model: BEDROCK_CLAUDE,
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 32,
    });
    expect(completion.choices[0]?.message.content).toBe('Hello! How can I help you today?');
    let received = claude.received.at(-1)!;
    expect(received.path).toBe('/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke');
    expect(received.signatureValid).toBe(true);
    expect(received.body).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      max_tokens: 32,
      anthropic_version: 'bedrock-2023-05-31',
    });

    const stream = await client.chat.completions.create({
      model: BEDROCK_CLAUDE,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello! How can I help you today?');
    received = claude.received.at(-1)!;
    expect(received.path).toBe('/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream');
    expect(received.signatureValid).toBe(true);
    const log = await newestLogFlushed(server);
    expect(toNumber(log.quota)).toBe(1575);
    expect(log).toMatchObject({ channel_name: 'bedrock', is_stream: 1, prompt_tokens: 2500 });
  });

  it('refuses an OpenAI call Claude cannot serve, without touching the upstream', async () => {
    const before = claude.received.length;
    const refused = await client.embeddings.create({ model: CLAUDE, input: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as Error).message).toContain('该渠道类型不支持接口 /v1/embeddings');
    expect(claude.received.length).toBe(before);
  });

  it('Bedrock channel: image URLs are fetched and sent inline, an unreachable image is a clear 400', async () => {
    const image = (url: string): OpenAI.ChatCompletionMessageParam[] => [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe' },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ];
    await client.chat.completions.create({ model: BEDROCK_CLAUDE, messages: image(`${claude.url}/images/pixel.png`) });
    const messages = claude.received.at(-1)!.body.messages as Array<{ content: unknown[] }>;
    expect(messages[0]?.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG.toString('base64') },
    });

    const missing = await client.chat.completions
      .create({ model: BEDROCK_CLAUDE, messages: image(`${claude.url}/images/missing.png`) })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OpenAI.BadRequestError);
    expect((missing as Error).message).toContain('/images/missing.png');
  });

  it('an overloaded Claude channel fails over to an OpenAI channel, whichever dialect the client speaks', async () => {
    const completion = await client.chat.completions.create({
      model: FAILING_CLAUDE,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from the fake upstream');
    let log = await newestLogFlushed(server);
    expect(log.channel_id).toBe(backupChannel);
    expect(JSON.parse(log.other).admin_info.use_channel).toHaveLength(2);

    const anthropic = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: FAILING_CLAUDE,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from the fake upstream' }]);
    log = await newestLogFlushed(server);
    expect(log.channel_id).toBe(backupChannel);
    expect(overloaded.received.length).toBe(2);
  });
});
