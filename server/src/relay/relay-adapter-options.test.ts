import { optionCatalogue } from '@switchboard/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callerForTests } from '../testing/channel-fixtures';
import { addClaudeChannels, BEDROCK_CLAUDE, BEDROCK_SECRET, CLAUDE } from '../testing/claude-channels';
import { FakeAnthropicUpstream } from '../testing/fake-anthropic-upstream';
import { FakeGoogleUpstream } from '../testing/fake-google-upstream';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannelWithOther, priceModels, relayCaller } from '../testing/provider-test-kit';
import { optionCalls } from '../testing/option-calls';
import { addChannel } from '../testing/relay-fixtures';
import { adapterOptionKeys } from './providers/adapter-settings';
import { serverForTests } from '../testing/test-server';

const THINKING = `${CLAUDE}-thinking`;

/**
 * The claude.*, gemini.* and pass-through options as an administrator sets them (PUT /api/option/),
 * asserted on what fake upstreams received. Adapter behaviour only: one database is enough.
 */
describe('adapter options over HTTP', () => {
  const server = serverForTests();
  const root = callerForTests(server);
  const claude = new FakeAnthropicUpstream(BEDROCK_SECRET).forTests();
  const google = new FakeGoogleUpstream().forTests();
  const openai = new FakeOpenAIUpstream().forTests();
  let apiKey: string;

  beforeAll(async () => {
    ({ apiKey } = await relayCaller(server, 'options-user', 50_000_000));
    await priceModels(server, { [THINKING]: 1, 'gemini-2.5-flash': 1, 'gemini-2.0-flash': 1, 'gpt-4o-mini': 1 });
    await addClaudeChannels(server, claude.url, { anthropicModels: [CLAUDE, THINKING] });
    await addChannelWithOther(
      server,
      {
        name: 'gemini',
        type: 24,
        baseUrl: google.url,
        key: 'gemini-key',
        models: ['gemini-2.5-flash', 'gemini-2.0-flash'],
      },
      '',
    );
    await addChannel(server, {
      name: 'openai',
      type: 1,
      baseUrl: openai.url,
      models: ['gpt-4o-mini'],
      modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' },
    });
  });
  beforeEach(async () => {
    for (const key of adapterOptionKeys) await server.context.options.save(key, optionCatalogue[key].default);
  });

  const { put, listed } = optionCalls(root);
  const set = async (key: string, value: unknown) => {
    const reply = await put(
      key,
      typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
        ? value
        : JSON.stringify(value),
    );
    expect(reply.success, reply.message).toBe(true);
  };
  const relay = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return text;
  };
  const chat = (model: string, extra: Record<string, unknown> = {}) =>
    relay('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'hi' }], ...extra });

  it('lists every key with the reference defaults', async () => {
    expect(await listed()).toMatchObject({
      'claude.model_headers_settings': '{}',
      'claude.default_max_tokens': '{"default":8192}',
      'claude.thinking_adapter_enabled': 'true',
      'claude.thinking_adapter_budget_tokens_percentage': '0.8',
      'gemini.safety_settings': '{"default":"OFF"}',
      'gemini.version_settings': '{"default":"v1beta","gemini-1.0-pro":"v1"}',
      'global.pass_through_request_enabled': 'false',
    });
  });

  it('refuses values of the wrong shape with a message saying what is expected, and keeps the old value', async () => {
    const refusals: Array<[string, string, string]> = [
      [
        'claude.default_max_tokens',
        '{"default": 0}',
        'claude.default_max_tokens must be a JSON object: model name → whole number of at least 1 ("default" sets the fallback)',
      ],
      ['claude.default_max_tokens', '{"default": 8192', 'claude.default_max_tokens is not a valid JSON string'],
      [
        'claude.model_headers_settings',
        '{"m": {"bad header": ["x"]}}',
        'claude.model_headers_settings must be a JSON object: model name → {header name: [value, ...]}',
      ],
      [
        'claude.model_headers_settings',
        '{"m": {"x-team": "blue"}}',
        'claude.model_headers_settings must be a JSON object: model name → {header name: [value, ...]}',
      ],
      [
        'claude.thinking_adapter_budget_tokens_percentage',
        '1.5',
        'claude.thinking_adapter_budget_tokens_percentage cannot be greater than 1',
      ],
      [
        'claude.thinking_adapter_budget_tokens_percentage',
        '0',
        'claude.thinking_adapter_budget_tokens_percentage cannot be less than 0.01',
      ],
      [
        'gemini.safety_settings',
        '{"default": "BLOCK_SOME"}',
        'gemini.safety_settings must be a JSON object: model name → safety threshold (OFF, BLOCK_NONE, BLOCK_ONLY_HIGH, BLOCK_MEDIUM_AND_ABOVE, BLOCK_LOW_AND_ABOVE, HARM_BLOCK_THRESHOLD_UNSPECIFIED)',
      ],
      [
        'gemini.version_settings',
        '{"default": "beta"}',
        'gemini.version_settings must be a JSON object: model name → API version (such as v1, v1beta)',
      ],
      ['global.pass_through_request_enabled', 'yes', 'global.pass_through_request_enabled must be true or false'],
    ];
    for (const [key, value, message] of refusals)
      expect(await put(key, value)).toMatchObject({ success: false, message });
    expect((await put('gemini.version_settings', '{"default": 1}', 'zh')).message).toBe(
      'gemini.version_settings 必须是 JSON 对象：模型名 → API 版本（如 v1、v1beta）',
    );
    expect(server.context.options.string('claude.default_max_tokens')).toBe('{"default":8192}');
    expect(server.context.options.string('gemini.version_settings')).toBe('{"default":"v1beta","gemini-1.0-pro":"v1"}');
  });

  it("Claude: per-model headers merge with the client's (Bedrock: beta flags in the body), default max_tokens per model, on converted and native calls", async () => {
    await set('claude.model_headers_settings', {
      [CLAUDE]: { 'anthropic-beta': ['context-1m-2025-08-07'], 'X-Team': ['blue', 'green'] },
      [BEDROCK_CLAUDE]: { 'anthropic-beta': ['token-efficient-tools-2025-02-19'] },
    });
    await set('claude.default_max_tokens', { default: 2048, [CLAUDE]: 3000 });
    await chat(CLAUDE, {});
    expect(claude.received.at(-1)!.body.max_tokens).toBe(3000);
    expect(claude.received.at(-1)!.headers).toMatchObject({
      'anthropic-beta': 'context-1m-2025-08-07',
      'x-team': 'blue,green',
    });

    await relay(
      '/v1/messages',
      { model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-beta': 'files-api-2025-04-14' },
    );
    expect(claude.received.at(-1)!.body.max_tokens).toBe(3000);
    expect(claude.received.at(-1)!.headers['anthropic-beta']).toBe('files-api-2025-04-14,context-1m-2025-08-07');

    const withOwn = JSON.stringify({ model: CLAUDE, max_tokens: 77, messages: [{ role: 'user', content: 'hi' }] });
    await relay('/v1/messages', withOwn);
    expect(claude.received.at(-1)!.raw.toString()).toBe(withOwn);

    await chat(BEDROCK_CLAUDE);
    const bedrock = claude.received.at(-1)!;
    expect(bedrock).toMatchObject({
      signatureValid: true,
      body: { max_tokens: 2048, anthropic_beta: ['token-efficient-tools-2025-02-19'] },
    });
  });

  it('Claude: the thinking adapter follows its switch and budget share', async () => {
    await set('claude.thinking_adapter_budget_tokens_percentage', 0.5);
    await chat(THINKING, { max_tokens: 4000, temperature: 0.3 });
    expect(claude.received.at(-1)!.body).toMatchObject({
      model: CLAUDE,
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 2000 },
    });
    expect(claude.received.at(-1)!.body).not.toHaveProperty('temperature');

    await relay('/v1/messages', { model: THINKING, max_tokens: 3000, messages: [{ role: 'user', content: 'hi' }] });
    expect(claude.received.at(-1)!.body).toMatchObject({
      model: CLAUDE,
      thinking: { type: 'enabled', budget_tokens: 1500 },
    });

    await set('claude.thinking_adapter_enabled', false);
    await chat(THINKING, { max_tokens: 4000 });
    expect(claude.received.at(-1)!.body.model).toBe(THINKING);
    expect(claude.received.at(-1)!.body).not.toHaveProperty('thinking');
  });

  it('Gemini: safety threshold and API version per model, "default" for the rest', async () => {
    await set('gemini.safety_settings', { default: 'BLOCK_ONLY_HIGH', 'gemini-2.5-flash': 'BLOCK_NONE' });
    await set('gemini.version_settings', { default: 'v1', 'gemini-2.5-flash': 'v1alpha' });
    await chat('gemini-2.5-flash');
    expect(google.last!.path).toBe('/v1alpha/models/gemini-2.5-flash:generateContent');
    expect(
      new Set((google.last!.body.safetySettings as Array<{ threshold: string }>).map((entry) => entry.threshold)),
    ).toEqual(new Set(['BLOCK_NONE']));
    await chat('gemini-2.0-flash');
    expect(google.last!.path).toBe('/v1/models/gemini-2.0-flash:generateContent');
    expect(
      new Set((google.last!.body.safetySettings as Array<{ threshold: string }>).map((entry) => entry.threshold)),
    ).toEqual(new Set(['BLOCK_ONLY_HIGH']));
  });

  it("pass-through: the client's bytes reach every channel type unchanged; the address still uses the mapped model", async () => {
    await set('global.pass_through_request_enabled', true);
    const openaiBody =
      '{"model":"gpt-4o-mini","stream":false,"messages":[{"role":"user","content":"hi"}],"x_vendor_field":1}';
    await relay('/v1/chat/completions', openaiBody);
    expect(openai.received.at(-1)!.text).toBe(openaiBody);

    const claudeBody = `{"model":"${THINKING}","messages":[{"role":"user","content":"hi"}],"max_tokens":50}`;
    await relay('/v1/messages', claudeBody);
    expect(claude.received.at(-1)!.raw.toString()).toBe(claudeBody);

    const geminiBody = '{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}';
    await relay('/v1beta/models/gemini-2.5-flash:generateContent', geminiBody, { 'x-goog-api-key': apiKey });
    expect(google.last!.body).toEqual(JSON.parse(geminiBody));

    const bedrockBody = `{"anthropic_version":"bedrock-2023-05-31","messages":[{"role":"user","content":"hi"}],"max_tokens":50,"model":"${BEDROCK_CLAUDE}"}`;
    await relay('/v1/messages', bedrockBody);
    expect(claude.received.at(-1)).toMatchObject({ signatureValid: true });
    expect(claude.received.at(-1)!.raw.toString()).toBe(bedrockBody);
    expect(claude.received.at(-1)!.path).toMatch(/^\/model\/[^/]*claude-sonnet-4-20250514[^/]*\/invoke$/);
  });
});
