import { ApiError, GoogleGenAI } from '@google/genai';
import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { userTextAndImages } from '../../testing/chat-completion-samples';
import { expectBilled } from '../../testing/expect-billed';
import { expectFlashStreamBilled, FakeGoogleUpstream, FLASH_CHAT_LOG } from '../../testing/fake-google-upstream';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { lastConsumeLog, userQuota } from '../../testing/provider-test-kit';
import { geminiChannel } from '../../testing/provider-channels';
import { addToken } from '../../testing/relay-fixtures';
import { expectGeminiAnswer } from '../../testing/relay-answers';
import { describeProviderChannel } from '../../testing/provider-channel-suite';

await describeProviderChannel(
  'the official @google/genai client through the gateway (%s)',
  () => ({ google: new FakeGoogleUpstream().forTests(), openai: new FakeOpenAIUpstream().forTests() }),
  ({ google, openai }) => ({
    username: 'genai-user',
    quota: 10_000_000,
    channels: [
      geminiChannel(google, ''),
      { type: 1, name: 'openai', baseUrl: openai.url, models: ['gpt-4o-mini', 'text-embedding-3-small'] },
    ],
  }),
  (server, caller, { google, openai }) => {
    let ai: GoogleGenAI;
    beforeAll(() => {
      ai = new GoogleGenAI({
        apiKey: caller.apiKey,
        httpOptions: { baseUrl: server.url, headers: { 'accept-language': 'en' } },
      });
    });

    describe('against a Gemini channel (native)', () => {
      it('generates content: the body goes up as sent, the answer comes back whole, billed from usageMetadata', async () => {
        const before = await userQuota(server, caller.userId);
        const response = await ai.models.generateContent({
          model: 'gemini-2.5-flash',
          contents: 'Say hello',
          config: { systemInstruction: 'Be nice.', maxOutputTokens: 64 },
        });
        expectGeminiAnswer(response, 'Hello from Gemini!', {
          promptTokenCount: 1000,
          candidatesTokenCount: 300,
          thoughtsTokenCount: 200,
        });
        expect(google.last).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:generateContent' });
        expect(google.last?.headers['x-goog-api-key']).toBe('gemini-key');
        expect(google.last?.body).toEqual({
          contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
          systemInstruction: { role: 'user', parts: [{ text: 'Be nice.' }] },
          generationConfig: { maxOutputTokens: 64 },
        });
        const log = await lastConsumeLog(server);
        expect(log).toMatchObject({ ...FLASH_CHAT_LOG, is_stream: 0 });
        expect(await userQuota(server, caller.userId)).toBe(before - 775);
      });

      it('streams: events are relayed as they come and the last usage is billed', async () => {
        const stream = await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Stream please' });
        const pieces: string[] = [];
        for await (const chunk of stream) pieces.push(chunk.text ?? '');
        expect(pieces).toEqual(['Hello', ' from Gemini', '!']);
        await expectFlashStreamBilled(server, google);
      });

      it('embeds content through batchEmbedContents', async () => {
        const response = await ai.models.embedContent({
          model: 'text-embedding-004',
          contents: ['hello world', 'good night'],
        });
        expect(response.embeddings?.map((embedding) => embedding.values?.[0])).toEqual([0.013168517, 0.021]);
        expect(google.last?.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
        expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'text-embedding-004', prompt_tokens: 5 });
      });
    });

    describe('against an OpenAI channel (converted)', () => {
      it('generates content from an OpenAI chat completion', async () => {
        openai.behaviour = { promptTokens: 40, completionTokens: 60 };
        const response = await ai.models.generateContent({
          model: 'gpt-4o-mini',
          contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
          config: { systemInstruction: 'Be brief.', temperature: 0.3 },
        });
        const usage = { promptTokenCount: 40, candidatesTokenCount: 60, totalTokenCount: 100 };
        expectGeminiAnswer(response, 'Hello from the fake upstream', usage);
        expect(response.candidates?.[0]?.finishReason).toBe('STOP');
        expect(openai.received.at(-1)).toMatchObject({
          path: '/v1/chat/completions',
          body: {
            model: 'gpt-4o-mini',
            temperature: 0.3,
            messages: [
              { role: 'system', content: 'Be brief.' },
              { role: 'user', content: 'Hi' },
            ],
          },
        });
        // gpt-4o-mini: (40 + 60 × 4) × 0.075 = 21
        await expectBilled(server, 'gpt-4o-mini', { prompt: 40, completion: 60, quota: 21 });
      });

      it('sends inline images as data URLs and file data as image URLs', async () => {
        await ai.models.generateContent({
          model: 'gpt-4o-mini',
          contents: [
            {
              role: 'user',
              parts: [
                { text: 'Compare' },
                { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
                { fileData: { mimeType: 'image/jpeg', fileUri: 'https://images.example/cat.jpg' } },
              ],
            },
          ],
        });
        expect(openai.received.at(-1)?.body.messages).toEqual([
          userTextAndImages('Compare', 'data:image/png;base64,iVBORw0KGgo=', 'https://images.example/cat.jpg'),
        ]);
      });

      it('streams converted chunks, with usage on the last event', async () => {
        openai.behaviour = { words: ['One', ' two', ' three'], promptTokens: 5, completionTokens: 3 };
        const stream = await ai.models.generateContentStream({ model: 'gpt-4o-mini', contents: 'Count' });
        const chunks = [];
        for await (const chunk of stream) chunks.push(chunk);
        expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe('One two three');
        expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
        expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 5, candidatesTokenCount: 3 });
        expect(openai.received.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
        expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 5, completion_tokens: 3 });
        openai.behaviour = {};
      });

      it('counts prompt and completion locally when the upstream reports no usage', async () => {
        openai.behaviour = { omitUsage: true, words: ['one', ' two', ' three'] };
        const response = await ai.models.generateContent({ model: 'gpt-4o-mini', contents: 'Count words' });
        openai.behaviour = {};
        expect(response.text).toBe('one two three');
        const log = await lastConsumeLog(server);
        expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 3 });
        expect(log.other).toMatchObject({ local_count_tokens: true });
      });

      it('embeds content through OpenAI embeddings', async () => {
        const response = await ai.models.embedContent({ model: 'text-embedding-3-small', contents: 'hello world' });
        expect(response.embeddings?.[0]?.values).toEqual([0.1, 0.2, 0.3]);
        expect(openai.received.at(-1)).toMatchObject({
          path: '/v1/embeddings',
          body: { model: 'text-embedding-3-small', input: ['hello world'] },
        });
        expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'text-embedding-3-small', prompt_tokens: 10 });
      });
    });

    it('lists the models the token may use in Gemini shape', async () => {
      const names = [];
      for await (const model of await ai.models.list()) names.push(model.name);
      expect(names).toEqual([
        'models/gemini-2.5-flash',
        'models/gpt-4o-mini',
        'models/text-embedding-004',
        'models/text-embedding-3-small',
      ]);

      expect(await ai.models.get({ model: 'gemini-2.5-flash' })).toMatchObject({
        name: 'models/gemini-2.5-flash',
        supportedActions: expect.arrayContaining(['generateContent']),
      });
      await expect(ai.models.get({ model: 'no-such-model' })).rejects.toMatchObject({ status: 404 });

      const v1WithGeminiKey = await server.call('/v1/models', { headers: { 'x-goog-api-key': caller.apiKey } });
      expect(((await v1WithGeminiKey.json()) as { models: Array<{ name: string }> }).models[0]?.name).toBe(
        'models/gemini-2.5-flash',
      );
      const v1WithBearer = await server.call('/v1/models', { headers: { authorization: `Bearer ${caller.apiKey}` } });
      expect(await v1WithBearer.json()).toMatchObject({
        object: 'list',
        data: [{ id: 'gemini-2.5-flash' }, {}, {}, {}],
      });
    });

    it("counts tokens (models.countTokens) locally, free, within the token's model limits", async () => {
      const before = await userQuota(server, caller.userId);
      const text = 'The quick brown fox jumps over the lazy dog, twice over.';
      const counted = await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: text });
      expect(counted.totalTokens).toBe(gptTokenizerCount(text));
      const whole = await server.call('/v1beta/models/gemini-2.5-flash:countTokens', {
        method: 'POST',
        headers: { 'x-goog-api-key': caller.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          generateContentRequest: { model: 'models/gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text }] }] },
        }),
      });
      expect(await whole.json()).toEqual({ totalTokens: gptTokenizerCount(text) });
      expect(google.received.filter((call) => call.path.includes('countTokens'))).toHaveLength(0);
      expect(await userQuota(server, caller.userId)).toBe(before);
      const limited = await addToken(server, caller.userId, { unlimited: true, modelLimits: ['gpt-4o-mini'] });
      const refused = await new GoogleGenAI({ apiKey: limited.apiKey, httpOptions: { baseUrl: server.url } }).models
        .countTokens({ model: 'gemini-2.5-flash', contents: text })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 403 });
    });

    it('answers errors in Gemini shape: a bad key, an unknown model, an unknown method', async () => {
      const stranger = new GoogleGenAI({
        apiKey: 'sk-not-a-key',
        httpOptions: { baseUrl: server.url, headers: { 'accept-language': 'en' } },
      });
      const refused = await stranger.models
        .generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 401 });
      expect(JSON.parse((refused as ApiError).message)).toMatchObject({
        error: { code: 401, status: 'UNAUTHENTICATED', message: expect.stringContaining('Invalid API key') },
      });

      const missing = await ai.models
        .generateContent({ model: 'no-such-model', contents: 'Hi' })
        .catch((error: unknown) => error);
      expect(missing).toMatchObject({ status: 400 });

      const response = await server.call('/v1beta/models/gemini-2.5-flash:predictLongRunning', {
        method: 'POST',
        headers: { 'x-goog-api-key': caller.apiKey, 'accept-language': 'en' },
        body: '{}',
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        error: {
          code: 404,
          status: 'NOT_FOUND',
          message: expect.stringContaining('Unsupported Gemini method: predictLongRunning'),
        },
      });

      const byQuery = await server.call(`/v1beta/models?key=${caller.apiKey}`);
      expect(byQuery.status).toBe(200);
    });
  },
);
