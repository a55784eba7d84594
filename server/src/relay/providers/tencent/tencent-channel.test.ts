import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream, type Recording } from '../../../testing/fixture-replay-upstream';
import { chatWithSystem, failureOf, lastConsumeLog, recordingsBeside } from '../../../testing/provider-test-kit';
import { askChat, geminiClient, streamedGeminiText } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { tencentCredentials } from './request';
import { tc3Authorization } from './signing';

/** Recordings written from Tencent's documented wire format (Hunyuan ChatCompletions 2023-09-01, common error codes). */
const recording = recordingsBeside(import.meta.url);
/** An upstream replaying `recordings` for the tests of this file; a call asks Hunyuan to stream by its Stream flag. */
const replaying = (recordings: Record<string, Recording[]>) =>
  new FixtureReplayUpstream(recordings, (body) => body.Stream === true).forTests();

describe('TC3-HMAC-SHA256', () => {
  it("reproduces the worked example of Tencent Cloud's signature v3 documentation", () => {
    const authorization = tc3Authorization({
      secretId: 'AKIDEXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      body: Buffer.from('{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}'),
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDEXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('reads the key as AppId|SecretId|SecretKey or SecretId|SecretKey', () => {
    expect(tencentCredentials('1250000000|AKIDid|key')).toEqual({ secretId: 'AKIDid', secretKey: 'key' });
    expect(tencentCredentials('AKIDid|key')).toEqual({ secretId: 'AKIDid', secretKey: 'key' });
    expect(tencentCredentials('just-a-key')).toBeNull();
  });
});

await describeProviderChannel(
  'the official SDKs against a Tencent Hunyuan channel (%s)',
  () => ({
    hunyuan: replaying({ '/': [recording('chat-completion.json'), recording('chat-stream.sse', true)] }),
    refusing: replaying({ '/': [recording('error-signature.json')] }),
  }),
  ({ hunyuan, refusing }) => ({
    username: 'hunyuan-user',
    prices: { 'hunyuan-lite': 1, 'hunyuan-pro': 1 },
    channels: [
      {
        type: 23,
        name: 'hunyuan',
        baseUrl: hunyuan.url,
        key: '1250000000|AKIDsecretid|secret-key',
        models: ['hunyuan-lite'],
      },
      {
        type: 23,
        name: 'hunyuan refused',
        baseUrl: refusing.url,
        key: 'AKIDother|wrong-key',
        models: ['hunyuan-pro'],
      },
    ],
  }),
  (server, caller, { hunyuan, refusing }) => {
    /** The signature the last request carried is the one its own body, host and timestamp give. */
    function expectSigned(upstream: FixtureReplayUpstream, secretId: string, secretKey: string) {
      const request = upstream.received.at(-1)!;
      expect(request.headers).toMatchObject({
        'x-tc-action': 'ChatCompletions',
        'x-tc-version': '2023-09-01',
        'content-type': 'application/json; charset=utf-8',
      });
      const expected = tc3Authorization({
        secretId,
        secretKey,
        service: 'hunyuan',
        host: new URL(upstream.url).host,
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(JSON.stringify(request.body)),
        timestamp: Number(request.headers['x-tc-timestamp']),
      });
      expect(request.headers.authorization).toBe(expected);
      expect(Math.abs(Number(request.headers['x-tc-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }

    it('signs ChatCompletions with TC3 and reads the whole answer and stream, billed from Hunyuan usage', async () => {
      const completion = await chatWithSystem(caller.openai, 'hunyuan-lite', '简短回答', '你好', {
        temperature: 0.5,
      });
      expect(completion.choices[0]?.message.content).toBe('你好！我是腾讯混元大模型。');
      expect(hunyuan.received.at(-1)?.body).toEqual({
        Model: 'hunyuan-lite',
        Messages: [
          { Role: 'system', Content: '简短回答' },
          { Role: 'user', Content: '你好' },
        ],
        Stream: false,
        Temperature: 0.5,
      });
      expectSigned(hunyuan, 'AKIDsecretid', 'secret-key');
      await expectBilled(server, 'hunyuan-lite', { prompt: 3, completion: 9, quota: 12 });

      const ai = geminiClient(server, caller.apiKey);
      expect(await streamedGeminiText(ai, 'hunyuan-lite', '你好')).toBe('你好！我是腾讯混元大模型。');
      expect(hunyuan.received.at(-1)?.body).toMatchObject({ Stream: true });
      expectSigned(hunyuan, 'AKIDsecretid', 'secret-key');
      expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 3, completion_tokens: 9 });
    });

    it("reports Tencent's error sent with HTTP 200 as the upstream's error", async () => {
      const failure = await failureOf(askChat(caller.openai, 'hunyuan-pro', 'Hi'));
      expect(failure.message).toContain('The provided credentials could not be validated');
      expect(failure.status).toBe(401);
      expectSigned(refusing, 'AKIDother', 'wrong-key');
    });
  },
);
