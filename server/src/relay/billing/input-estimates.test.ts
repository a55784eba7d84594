import { randomBytes } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import { chatEndpoint } from '../endpoints';
import { geminiDialect } from '../formats/gemini';
import { parseJsonBody, parseMultipartBody } from '../formats/request-body';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { sdkStatusOf } from '../../testing/sdk-clients';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { promptEstimate } from './estimate';
import { INPUT_ESTIMATES } from './input-estimates';

const IMAGE = INPUT_ESTIMATES.imageTokens;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const base64Of = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

/** A WAV file of `bytes` bytes whose header says `byteRate` bytes a second. */
function wav(bytes: number, byteRate: number): Buffer {
  const file = Buffer.alloc(bytes);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(bytes - 8, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(byteRate, 28);
  return file;
}

const estimateOf = (body: unknown) =>
  promptEstimate(parseJsonBody(Buffer.from(JSON.stringify(body)), undefined), 'chat');
const textOnly = (text: string) =>
  estimateOf({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text }] }] });
const withPart = (part: unknown) =>
  estimateOf({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'Look at this' }, part] }] });
/** What a part adds to the estimate of the same message without it. */
const added = (part: unknown) => withPart(part) - textOnly('Look at this');
/** The estimate of a Responses API call whose one user input holds `content`. */
const responsesEstimate = (content: unknown[]) => estimateOf({ model: 'm', input: [{ role: 'user', content }] });

function geminiEstimate(parts: unknown[]): number {
  const raw = Buffer.from(JSON.stringify({ contents: [{ role: 'user', parts }] }));
  return promptEstimate(
    geminiDialect.parse(raw, {
      endpoint: chatEndpoint,
      contentType: 'application/json',
      pathModel: 'gemini-2.0-flash',
    }),
    'chat',
  );
}

function multipart(kind: 'transcription' | 'images', files: Array<{ name: string; bytes: Buffer }>): number {
  const boundary = 'estimate-boundary';
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n`),
    ...files.flatMap(({ name, bytes }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return promptEstimate(
    parseMultipartBody(Buffer.concat(parts), `multipart/form-data; boundary=${boundary}`, undefined),
    kind,
  );
}

describe('the estimate of inputs the gateway cannot count', () => {
  it('reserves the documented figure per image in every dialect’s shape', () => {
    expect(added({ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'high' } })).toBe(
      IMAGE,
    );
    expect(added({ type: 'image_url', image_url: { url: 'https://images.example/cat.png' } })).toBe(IMAGE);
    expect(added({ type: 'input_image', image_url: 'https://images.example/cat.png' })).toBe(IMAGE);
    expect(added({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } })).toBe(IMAGE);
    // An image inside a tool result (Anthropic) counts as well.
    expect(
      added({
        type: 'tool_result',
        tool_use_id: 't1',
        content: [{ type: 'image', source: { type: 'url', url: 'https://images.example/a.png' } }],
      }),
    ).toBe(IMAGE);
    const responses = responsesEstimate([
      { type: 'input_image', image_url: 'https://images.example/a.png' },
      { type: 'input_image', file_id: 'file-1' },
    ]);
    expect(responses).toBeGreaterThanOrEqual(2 * IMAGE);
    const plainGemini = geminiEstimate([{ text: 'Look at this' }]);
    expect(
      geminiEstimate([{ text: 'Look at this' }, { inlineData: { mimeType: 'image/png', data: PNG } }]) - plainGemini,
    ).toBe(IMAGE);
    expect(
      geminiEstimate([
        { text: 'Look at this' },
        { inline_data: { mime_type: 'image/jpeg', data: PNG } },
        { fileData: { mimeType: 'image/png', fileUri: 'gs://b/a.png' } },
      ]) - plainGemini,
    ).toBe(2 * IMAGE);
  });

  it('reserves audio by its seconds: compressed at 32 kbit/s, WAV at the rate its header declares', () => {
    // 40,000 bytes of mp3 at 4,000 bytes a second: 10 s × 32 tokens.
    expect(added({ type: 'input_audio', input_audio: { data: base64Of(40_000), format: 'mp3' } })).toBe(320);
    // 320,000 bytes of 16 kHz 16-bit mono WAV (32,000 bytes a second): also 10 s, not 80.
    expect(
      added({ type: 'input_audio', input_audio: { data: wav(320_000, 32_000).toString('base64'), format: 'wav' } }),
    ).toBe(320);
    expect(
      geminiEstimate([{ inlineData: { mimeType: 'audio/mp3', data: base64Of(40_000) } }]) - geminiEstimate([]),
    ).toBe(320);
    // A Gemini video: 1 Mbit/s, 300 tokens a second.
    expect(
      geminiEstimate([{ inlineData: { mimeType: 'video/mp4', data: base64Of(1_250_000) } }]) - geminiEstimate([]),
    ).toBe(3_000);
  });

  it('reserves a file by its size (one token per 16 bytes, at least one image’s worth), and one of unknown size as an image', () => {
    const pdf = `data:application/pdf;base64,${base64Of(160_000)}`;
    expect(added({ type: 'file', file: { filename: 'a.pdf', file_data: pdf } })).toBe(10_000);
    expect(
      added({ type: 'file', file: { filename: 'a.pdf', file_data: `data:application/pdf;base64,${base64Of(1_000)}` } }),
    ).toBe(IMAGE);
    expect(added({ type: 'file', file: { file_id: 'file-abc' } })).toBe(IMAGE);
    expect(added({ type: 'input_file', filename: 'a.pdf', file_data: pdf })).toBe(10_000);
    expect(added({ type: 'input_file', file_url: 'https://files.example/a.pdf' })).toBe(IMAGE);
    expect(
      added({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: base64Of(160_000) } }),
    ).toBe(10_000);
    // A plain-text document is text: four Latin characters a token.
    expect(
      added({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'abcd'.repeat(100) } }),
    ).toBe(100);
  });

  it('reserves uploads of multipart calls: audio to transcribe by size, images to edit one each', () => {
    expect(multipart('transcription', [{ name: 'file', bytes: Buffer.alloc(400_000) }])).toBe(3_200);
    expect(multipart('transcription', [{ name: 'file', bytes: wav(320_000, 32_000) }])).toBe(320);
    expect(
      multipart('images', [
        { name: 'image[]', bytes: Buffer.alloc(1000) },
        { name: 'image[]', bytes: Buffer.alloc(1000) },
      ]),
    ).toBe(2 * IMAGE);
  });

  it('adds nothing for text, even text or tool schemas that talk about images and files, and sees keys spelled with escapes', () => {
    const talk = 'Describe the "image_url" field, the "file" type and "inline_data"';
    expect(textOnly(talk)).toBe(textOnly('x'.repeat(talk.length)));
    // Tool definitions are not the prompt's inputs, whatever their schemas say.
    const tool = {
      type: 'function',
      function: {
        name: 'look',
        parameters: { type: 'object', properties: { image: { type: 'image' }, file: { type: 'file' } } },
      },
    };
    const withTools = estimateOf({
      model: 'm',
      tools: [tool],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Look at this' }] }],
    });
    expect(withTools).toBe(textOnly('Look at this'));
    const escaped = Buffer.from(
      `{"model":"m","messages":[{"role":"user","content":[{"type":"im\\u0061ge_url","im\\u0061ge_url":{"url":"https://a.example/x.png"}}]}]}`,
    );
    expect(promptEstimate(parseJsonBody(escaped, undefined), 'chat')).toBeGreaterThanOrEqual(IMAGE);
    // Anthropic's system prompt is part of the text estimate.
    expect(
      estimateOf({ model: 'm', system: 'abcd'.repeat(1000), messages: [{ role: 'user', content: 'hi' }] }),
    ).toBeGreaterThan(1000);
  });
});

describe('parallel calls with images against a balance and a tokens-per-minute limit (over HTTP)', () => {
  let upstream: FakeOpenAIUpstream;
  let server: TestServer;
  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    server = await startTestServer();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o', 'gpt-4o-mini', 'whisper-1'] });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.stop();
  });
  afterEach(() => {
    upstream.behaviour = {};
  });

  async function userWith(quota: number, token: { tpmLimit?: number; unlimited?: boolean } = {}) {
    const userId = await addUser(server, `estimates-${randomBytes(3).toString('hex')}`, { quota });
    const { apiKey } = await addToken(server, userId, { remain: 100_000_000, ...token });
    return { userId, apiKey };
  }

  const userQuota = async (userId: number) =>
    toNumber(
      (
        await server.context.database.db
          .selectFrom('users')
          .select('quota')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).quota,
    );

  it('an upstream billing more than the estimate takes the balance below zero by at most the under-estimate of the calls in flight', async () => {
    // gpt-4o (ratio 1.25, completion ratio 4). Each call: 24 characters of text (6 tokens), 6 tokens of
    // message overhead, one image (1,600) and max_tokens 10: it reserves trunc((1,612 + 10 × 4) × 1.25) = 2,065.
    const reserved = Math.trunc((12 + IMAGE + 40) * 1.25);
    // The upstream bills 3,000 prompt and 10 completion tokens: (3,000 + 40) × 1.25 = 3,800 each.
    const billed = 3_800;
    upstream.behaviour = { chunkDelayMs: 200, promptTokens: 3_000, completionTokens: 10 };
    // The balance holds two reservations (4,130), not three, and far less than the 100 × that trusts a caller.
    const { userId, apiKey } = await userWith(4_500, { unlimited: true });
    const client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const sent = upstream.received.length;
    const call = async () => {
      const stream = await client.chat.completions.create({
        model: 'gpt-4o',
        max_tokens: 10,
        stream: true,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in this picture?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            ],
          },
        ],
      });
      for await (const chunk of stream) void chunk;
    };
    const statuses = await Promise.all(Array.from({ length: 10 }, () => sdkStatusOf(call())));
    // Before: each call reserved trunc((12 + 40) × 1.25) = 65, all ten passed and the balance fell to 4,500 − 38,000.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(8);
    expect(upstream.received.length - sent).toBe(2);
    await flushAll(server);
    const balance = await userQuota(userId);
    expect(balance).toBe(4_500 - 2 * billed);
    expect(balance).toBeGreaterThanOrEqual(-2 * (billed - reserved));
    // Below zero, the user is refused at once.
    expect(await sdkStatusOf(call())).toBe(403);
  });

  it('parallel image calls pass a tokens-per-minute limit by no more than the calls in flight under-estimated', async () => {
    // Each Claude-shaped call estimates 6 (text) + 6 (overhead) + 1,600 (image) = 1,612 tokens; three fit
    // under 5,000 (4,836), a fourth does not. The upstream bills 2,000 each: 388 more than estimated.
    upstream.behaviour = { chunkDelayMs: 200, promptTokens: 2_000, completionTokens: 0 };
    const { apiKey } = await userWith(100_000_000, { tpmLimit: 5_000 });
    const anthropic = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 });
    const call = async () => {
      const stream = anthropic.messages.stream({
        model: 'gpt-4o-mini',
        max_tokens: 10,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in this picture?' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            ],
          },
        ],
      });
      await stream.finalMessage();
    };
    const statuses = await Promise.all(Array.from({ length: 10 }, () => sdkStatusOf(call())));
    // Before: each call held 12 tokens, all ten passed and the minute billed 20,000 tokens (4 times the limit).
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // The minute now counts 6,000 billed tokens: at most 5,000 + 3 × 388.
    expect(await sdkStatusOf(call())).toBe(429);
  });

  it('reserves a transcription by the length of its audio: a balance that fits a short upload refuses a long one before any upstream call', async () => {
    // whisper-1 (ratio 15) reserves (seconds × 32 + 500 pre-consumed) × 15: 8,460 for 8 KB, 55,500 for 400 KB.
    const { apiKey } = await userWith(20_000, { unlimited: true });
    const client = new OpenAI({
      apiKey,
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { 'accept-language': 'en' },
    });
    const transcribe = async (bytes: number) =>
      client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(Buffer.alloc(bytes), 'speech.mp3') });
    expect(await sdkStatusOf(transcribe(8_000))).toBe(200);
    const sent = upstream.received.length;
    const refusal = await transcribe(400_000).catch((error: unknown) => error);
    // Before: both reserved 500 × 15 = 7,500 and both reached the upstream.
    expect(refusal).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).code).toBe('insufficient_user_quota');
    expect(upstream.received.length).toBe(sent);
  });
});
