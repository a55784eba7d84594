import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { userTextAndImages } from '../../../testing/chat-completion-samples';
import { expectFlashStreamBilled, FakeGoogleUpstream, FLASH_CHAT_LOG } from '../../../testing/fake-google-upstream';
import { geminiChannel } from '../../../testing/provider-channels';
import { chatWithSystem, lastConsumeLog, userQuota } from '../../../testing/provider-test-kit';
import { expectChatAnswer } from '../../../testing/relay-answers';
import { askChat, chatStreamUntilFailure, streamChat } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { testChannel } from '../../channel-test';
import { HARM_CATEGORIES } from './request';

const START_QUOTA = 10_000_000;
const relaxedSafety = HARM_CATEGORIES.map((category) => ({ category, threshold: 'OFF' }));

await describeProviderChannel(
  'the openai SDK against a Gemini channel (%s)',
  () => new FakeGoogleUpstream().forTests(),
  (google) => ({
    username: 'gemini-user',
    clientHeaders: { 'accept-language': 'en' },
    quota: START_QUOTA,
    channels: [geminiChannel(google, 'v1beta', { autoBan: false })],
  }),
  (server, caller, google) => {
    it('chats: converts the request, converts the answer back, bills and logs the Gemini usage', async () => {
      const before = await userQuota(server, caller.userId);
      const completion = await chatWithSystem(caller.openai, 'gemini-2.5-flash', 'Be nice.', 'Say hello', {
        max_tokens: 64,
      });
      expectChatAnswer(completion, 'Hello from Gemini!', {
        prompt_tokens: 1000,
        completion_tokens: 500,
        total_tokens: 1500,
        completion_tokens_details: { reasoning_tokens: 200 },
      });

      expect(google.last).toMatchObject({
        method: 'POST',
        path: '/v1beta/models/gemini-2.5-flash:generateContent',
        query: '',
      });
      expect(google.last?.headers['x-goog-api-key']).toBe('gemini-key');
      expect(google.last?.headers.authorization).toBeUndefined();
      expect(google.last?.body).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
        systemInstruction: { parts: [{ text: 'Be nice.' }] },
        safetySettings: relaxedSafety,
        generationConfig: { maxOutputTokens: 64 },
      });

      const log = await lastConsumeLog(server);
      // gemini-2.5-flash: model ratio 0.15, completion ratio 8.33 → (1000 + 500 × 8.33) × 0.15 = 774.75 → 775
      expect(log).toMatchObject({ ...FLASH_CHAT_LOG, channel_id: caller.channelIds[0], is_stream: 0 });
      expect(log.other).toMatchObject({ local_count_tokens: false, upstream_model_name: 'gemini-2.5-flash' });
      expect(await userQuota(server, caller.userId)).toBe(before - 775);
    });

    it('sends images inline (data URLs) or as file data (web addresses)', async () => {
      await caller.openai.chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [
          userTextAndImages('Compare', 'data:image/png;base64,iVBORw0KGgo=', 'https://images.example/cat.jpg'),
        ],
      });
      expect(google.last?.body.contents).toEqual([
        {
          role: 'user',
          parts: [
            { text: 'Compare' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://images.example/cat.jpg' } },
          ],
        },
      ]);
    });

    it('streams: asks for SSE and relays text chunks, the finish reason and the usage', async () => {
      const stream = await streamChat(caller.openai, 'gemini-2.5-flash', 'Stream please', {
        stream_options: { include_usage: true },
      });
      let text = '';
      const finishes: string[] = [];
      const usages: unknown[] = [];
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
        if (chunk.usage) usages.push(chunk.usage);
      }
      expect(text).toBe('Hello from Gemini!');
      expect(finishes).toEqual(['stop']);
      expect(usages).toEqual([{ prompt_tokens: 8, completion_tokens: 17, total_tokens: 25 }]);
      await expectFlashStreamBilled(server, google);
    });

    it('an error Google reports inside a stream reaches the caller.openai as a stream error, after the text so far', async () => {
      google.streamAnswer = 'stream-error.sse';
      try {
        const { text, failure } = await chatStreamUntilFailure(
          await streamChat(caller.openai, 'gemini-2.5-flash', 'Hi'),
        );
        expect(failure).toMatchObject({ message: expect.stringMatching(/The model is overloaded/) });
        expect(text).toBe('Hello');
      } finally {
        google.streamAnswer = 'stream-text.sse';
      }
    });

    it('creates embeddings through batchEmbedContents and bills the counted input', async () => {
      const result = await caller.openai.embeddings.create({
        model: 'text-embedding-004',
        input: ['hello world', 'good night'],
      });
      // The official SDK asks for base64 (little-endian float32), so values arrive as float32.
      expect(result.data.map((item) => item.embedding)).toEqual(
        [
          [0.013168517, -0.00871193, -0.046782672],
          [0.021, 0.0042, -0.0371],
        ].map((values) => values.map(Math.fround)),
      );
      expect(google.last).toMatchObject({
        path: '/v1beta/models/text-embedding-004:batchEmbedContents',
        body: {
          requests: [
            { model: 'models/text-embedding-004', content: { parts: [{ text: 'hello world' }] } },
            { model: 'models/text-embedding-004', content: { parts: [{ text: 'good night' }] } },
          ],
        },
      });
      const log = await lastConsumeLog(server);
      // Gemini reports no usage: the inputs are counted locally ("hello world\ngood night" is 5 o200k tokens)
      expect(log).toMatchObject({ model_name: 'text-embedding-004', prompt_tokens: 5 });
      expect(log.other).toMatchObject({ local_count_tokens: true });
    });

    it('calls tools: declarations go up, function calls come back as tool calls, results go back by name', async () => {
      google.generateAnswer = 'generate-content-response.json';
      const tools = [
        {
          type: 'function' as const,
          function: {
            name: 'get_weather',
            description: 'Weather of a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
      ];
      try {
        const first = await caller.openai.chat.completions.create({
          model: 'gemini-2.5-flash',
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
          tools,
        });
        const call = first.choices[0]?.message.tool_calls?.[0];
        expect(first.choices[0]?.finish_reason).toBe('tool_calls');
        expect(call).toMatchObject({
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
          extra_content: { google: { thought_signature: 'CiQB0e2Kb4' } },
        });
        expect(google.last?.body.tools).toEqual([
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather of a city',
                parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              },
            ],
          },
        ]);

        await caller.openai.chat.completions.create({
          model: 'gemini-2.5-flash',
          messages: [
            { role: 'user', content: 'Weather in Paris?' },
            { role: 'assistant', content: null, tool_calls: [call!] },
            { role: 'tool', tool_call_id: call!.id, content: '{"temperature":21}' },
          ],
          tools,
        });
        expect(google.last?.body.contents).toEqual([
          { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
          // the signature came back with the tool call, where Google's OpenAI compatibility puts it
          {
            role: 'model',
            parts: [
              {
                functionCall: { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
                thoughtSignature: 'CiQB0e2Kb4',
              },
            ],
          },
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
        ]);
      } finally {
        google.generateAnswer = 'generate-content-text.json';
      }
    });

    it("the console's channel test speaks Gemini to the channel, for chat and embedding models", async () => {
      const row = await server.context.database.db
        .selectFrom('channels')
        .selectAll()
        .where('id', '=', caller.channelIds[0]!)
        .executeTakeFirstOrThrow();
      expect(await testChannel(row)).toMatchObject({ success: true, model: 'gemini-2.5-flash' });
      expect(google.last).toMatchObject({
        path: '/v1beta/models/gemini-2.5-flash:generateContent',
        body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 16 } },
      });
      expect(await testChannel(row, 'text-embedding-004')).toMatchObject({ success: true });
      expect(google.last?.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    });

    it('refuses OpenAI endpoints Gemini does not serve, before calling it', async () => {
      const calls = google.received.length;
      await expect(caller.openai.images.generate({ model: 'gemini-2.5-flash', prompt: 'a cat' })).rejects.toMatchObject(
        {
          status: 400,
          error: {
            code: 'unsupported_endpoint',
            message: expect.stringContaining(
              'does not serve /v1/images/generations; it serves chat and embeddings only',
            ),
          },
        },
      );
      expect(google.received.length).toBe(calls);
    });

    it("answers Google's error with its message and status, and refunds the reservation", async () => {
      const before = await userQuota(server, caller.userId);
      google.failWith = {
        status: 400,
        body: readFileSync(new URL('./__fixtures__/error-400.json', import.meta.url), 'utf8'),
      };
      try {
        await expect(askChat(caller.openai, 'gemini-2.5-flash', 'Hi')).rejects.toMatchObject({
          status: 400,
          error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('API key not valid') },
        });
      } finally {
        google.failWith = null;
      }
      expect(await userQuota(server, caller.userId)).toBe(before);
    });
  },
);
