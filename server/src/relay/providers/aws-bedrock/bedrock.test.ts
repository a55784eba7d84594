import { describe, expect, it } from 'vitest';
import { encodeEventStreamMessage } from '../../../testing/event-stream-encoder';
import { cachedChannel, chatTarget } from '../../../testing/provider-test-kit';
import { verifySigV4 } from '../../../testing/sigv4-verifier';
import type { UpstreamTarget } from '../provider';
import { bedrockAdapter } from './adapter';
import { bedrockCredentialsOf } from './credentials';
import { EventStreamDecoder } from './event-stream';
import { bedrockModelId } from './model-ids';
import { bedrockRequest } from './request';
import { BedrockChunkTranslator } from './stream';

const chunkMessage = (event: unknown) =>
  encodeEventStreamMessage(
    { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
    Buffer.from(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') })),
  );

const target = (key: string, stream: boolean, headers: Record<string, string> = {}): UpstreamTarget =>
  chatTarget(cachedChannel({ type: 33, name: 'aws', key }), 'claude-3-5-sonnet-20241022', {
    stream,
    clientHeaders: headers,
  });

describe('AWS event-stream framing', () => {
  it('decodes messages cut at any byte, and checks both checksums', () => {
    const bytes = Buffer.concat([chunkMessage({ type: 'ping' }), chunkMessage({ type: 'message_stop' })]);
    for (const size of [1, 5, 13, bytes.length]) {
      const decoder = new EventStreamDecoder();
      const messages = [];
      for (let at = 0; at < bytes.length; at += size) messages.push(...decoder.push(bytes.subarray(at, at + size)));
      expect(messages.map((message) => message.headers[':event-type'])).toEqual(['chunk', 'chunk']);
    }
    const corrupted = Buffer.from(bytes);
    corrupted[20] = (corrupted[20] ?? 0) ^ 0xff;
    expect(() => new EventStreamDecoder().push(corrupted)).toThrow(/checksum/);
  });

  it('turns Bedrock chunks into OpenAI chunks, and an exception into a stream failure', () => {
    const translator = new BedrockChunkTranslator('m');
    const chunks = translator.push(
      Buffer.concat([
        chunkMessage({
          type: 'message_start',
          message: { id: 'msg_1', model: 'claude', usage: { input_tokens: 5, output_tokens: 1 } },
        }),
        chunkMessage({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
        chunkMessage({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } }),
        encodeEventStreamMessage(
          { ':message-type': 'exception', ':exception-type': 'throttlingException' },
          Buffer.from('{"message":"slow down"}'),
        ),
      ]),
    );
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? chunk.choices[0]?.finish_reason)).toEqual([
      '',
      'Hi',
      'stop',
    ]);
    expect(translator.usage).toEqual({ promptTokens: 5, completionTokens: 3, cachedTokens: 0, cacheWriteTokens: 0 });
    expect(translator.failure).toMatchObject({ status: 429, code: 'rate_limit_error', text: { en: 'slow down' } });
  });
});

describe('Bedrock requests', () => {
  it('reads the channel key as AccessKey|SecretKey|region or ApiKey|region', () => {
    expect(bedrockCredentialsOf('AKID|secret|eu-west-1')).toEqual({
      kind: 'keys',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      region: 'eu-west-1',
    });
    expect(bedrockCredentialsOf('ABSKkey|us-west-2')).toEqual({
      kind: 'api-key',
      apiKey: 'ABSKkey',
      region: 'us-west-2',
    });
    expect(() => bedrockCredentialsOf('just-a-key')).toThrow(/AccessKey\|SecretKey\|region/);
  });

  it('maps Claude names to Bedrock ids, with the region inference profile where required', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'us-east-1')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-sonnet-4-20250514', 'eu-central-1')).toBe(
      'eu.anthropic.claude-sonnet-4-20250514-v1:0',
    );
    expect(bedrockModelId('claude-sonnet-4-5-20250929', 'ap-northeast-1')).toBe(
      'apac.anthropic.claude-sonnet-4-5-20250929-v1:0',
    );
    expect(bedrockModelId('us.anthropic.claude-opus-4-1-20250805-v1:0', 'us-east-1')).toBe(
      'us.anthropic.claude-opus-4-1-20250805-v1:0',
    );
  });

  it('signs with SigV4 for the bedrock service in the channel region, as AWS verifies it', async () => {
    const request = await bedrockRequest(
      target('AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG|us-west-2', true, { 'anthropic-beta': 'a-1, b-2' }),
      {
        model: 'claude-3-5-sonnet-20241022',
        stream: true,
        max_tokens: 5,
        messages: [],
      },
    );
    const url = new URL(request.url);
    expect(url.host).toBe('bedrock-runtime.us-west-2.amazonaws.com');
    expect(url.pathname).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream');
    expect(JSON.parse(request.body.toString())).toEqual({
      max_tokens: 5,
      messages: [],
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['a-1', 'b-2'],
    });
    const verdict = verifySigV4(
      { method: 'POST', path: url.pathname, headers: { ...request.headers, host: url.host }, body: request.body },
      'wJalrXUtnFEMI/K7MDENG',
    );
    expect(verdict).toEqual({ valid: true, region: 'us-west-2', service: 'bedrock', accessKeyId: 'AKIDEXAMPLE' });
    const tampered = verifySigV4(
      { method: 'POST', path: url.pathname, headers: { ...request.headers, host: url.host }, body: Buffer.from('{}') },
      'wJalrXUtnFEMI/K7MDENG',
    );
    expect(tampered.valid).toBe(false);
  });

  it('a -thinking model name invokes the plain model with thinking on', async () => {
    const request = await bedrockAdapter.openai.request(
      { ...target('ABSKkey|us-east-1', false), upstreamModel: 'claude-3-5-sonnet-20241022-thinking' },
      { model: 'claude-3-5-sonnet-20241022-thinking', messages: [{ role: 'user', content: 'x' }] },
    );
    expect(request.url).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke',
    );
    expect(JSON.parse(request.body.toString()).thinking).toEqual({ type: 'enabled', budget_tokens: 6553 });
  });

  it('sends a Bedrock API key as a bearer token', async () => {
    const request = await bedrockRequest(target('ABSKkey|us-east-1', false), {
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 5,
      messages: [],
    });
    expect(request.headers.authorization).toBe('Bearer ABSKkey');
    expect(request.url).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke',
    );
  });
});
