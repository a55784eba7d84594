import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { failureOf, lastConsumeLog, recordingsBeside } from '../../../testing/provider-test-kit';
import { anthropicClient, askChat, claudeMessage } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { unquoted, usageFromZhipu } from './response';
import { zhipuPrompt } from './request';

/** Recordings written from Zhipu's documented wire format (ChatGLM v3 model API: invoke, sse-invoke, error codes). */
const recording = recordingsBeside(import.meta.url);
const streaming = (body: Record<string, unknown>) => body.incremental === true;
const API = '/api/paas/v3/model-api';

/** Checks an HS256 token against the secret and reads its header and claims. */
function readToken(token: string, secret: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: json(header), claims: json(payload) };
}

describe('the v3 model API format', () => {
  it('turns a system prompt into an acknowledged user turn, unquotes content and reads usage', () => {
    expect(
      zhipuPrompt([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Be brief.' },
      { role: 'assistant', content: 'OK' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(unquoted('"\\" quoted\\"\\n line"')).toBe('" quoted"\n line');
    expect(unquoted('plain')).toBe('plain');
    expect(usageFromZhipu({ prompt_tokens: 2, completion_tokens: 17 })).toEqual({
      promptTokens: 2,
      completionTokens: 17,
    });
  });
});

await describeProviderChannel(
  'the official SDKs against a Zhipu ChatGLM v1 channel (%s)',
  () =>
    new FixtureReplayUpstream(
      {
        [`${API}/chatglm_turbo/invoke`]: [recording('invoke.json')],
        [`${API}/chatglm_turbo/sse-invoke`]: [recording('sse-invoke.sse', true)],
        [`${API}/chatglm_pro/invoke`]: [recording('refusal.json')],
      },
      streaming,
    ).forTests(),
  (zhipu) => ({
    username: 'zhipu-user',
    prices: { chatglm_turbo: 1, chatglm_pro: 1 },
    channels: [
      {
        type: 16,
        name: 'chatglm',
        baseUrl: zhipu.url,
        key: 'a1b2c3.s3cr3t',
        models: ['chatglm_turbo', 'chatglm_pro'],
      },
    ],
  }),
  (server, caller, zhipu) => {
    it('invokes with a JWT signed from id.secret, unquotes the answer and bills the reported usage', async () => {
      const completion = await askChat(caller.openai, 'chatglm_turbo', '你好', { temperature: 0.9 });
      expect(completion.choices[0]?.message.content).toBe('你好👋！我是人工智能助手 智谱清言，可以叫我小智🤖。');
      const request = zhipu.received.at(-1)!;
      expect(request).toMatchObject({
        path: `${API}/chatglm_turbo/invoke`,
        body: { prompt: [{ role: 'user', content: '你好' }], temperature: 0.9 },
      });
      const { header, claims } = readToken(String(request.headers.authorization), 's3cr3t');
      expect(header).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
      expect(claims).toMatchObject({ api_key: 'a1b2c3' });
      expect(Number(claims.exp)).toBeGreaterThan(Date.now());
      expect(Math.abs(Number(claims.timestamp) - Date.now())).toBeLessThan(3_600_000);
      await expectBilled(server, 'chatglm_turbo', { prompt: 2, completion: 17, quota: 19 });
    });

    it('streams sse-invoke text events and reads the usage from the finish event meta, for an Anthropic client', async () => {
      let text = '';
      const events = anthropicClient(server, caller.apiKey).messages.stream(claudeMessage('chatglm_turbo', '你好'));
      events.on('text', (delta) => (text += delta));
      const final = await events.finalMessage();
      expect(text).toBe('你好👋！我是人工智能助手 智谱清言，可以叫我小智🤖。');
      expect(final.usage.output_tokens).toBe(17);
      expect(zhipu.received.at(-1)).toMatchObject({
        path: `${API}/chatglm_turbo/sse-invoke`,
        body: { incremental: true },
      });
      expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 2, completion_tokens: 17 });
    });

    it("reports the v3 API's refusal sent with HTTP 200 as the upstream's error", async () => {
      const failure = await failureOf(askChat(caller.openai, 'chatglm_pro', 'Hi'));
      expect(failure.message).toContain('Authorization Token非法');
      expect(failure.status).toBe(401);
    });
  },
);
