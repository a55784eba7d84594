import type Anthropic from '@anthropic-ai/sdk';
import type { GoogleGenAI } from '@google/genai';
import { beforeAll, expect, it } from 'vitest';
import { BEDROCK_CLAUDE, BEDROCK_SECRET, CLAUDE, claudeChannels } from '../../testing/claude-channels';
import { expectBilled } from '../../testing/expect-billed';
import { FakeAnthropicUpstream } from '../../testing/fake-anthropic-upstream';
import { expectFlashStreamBilled, FakeGoogleUpstream, FLASH_CHAT_LOG } from '../../testing/fake-google-upstream';
import { FixtureReplayUpstream } from '../../testing/fixture-replay-upstream';
import { geminiChannel } from '../../testing/provider-channels';
import { lastConsumeLog, recordingsBeside } from '../../testing/provider-test-kit';
import { expectGeminiAnswer } from '../../testing/relay-answers';
import { anthropicClient, claudeMessage, geminiClient, streamedGeminiText } from '../../testing/sdk-clients';
import { describeProviderChannel } from '../../testing/provider-channel-suite';

const ollamaRecording = recordingsBeside(import.meta.url, '../providers/ollama/__fixtures__/');

await describeProviderChannel(
  'Gemini and Claude clients on each other’s channels and on Ollama (%s)',
  () => ({
    claude: new FakeAnthropicUpstream(BEDROCK_SECRET).forTests(),
    google: new FakeGoogleUpstream().forTests(),
    ollama: new FixtureReplayUpstream({
      '/v1/chat/completions': [ollamaRecording('chat-completion.json'), ollamaRecording('chat-stream.sse', true)],
    }).forTests(),
  }),
  ({ claude, google, ollama }) => ({
    username: 'cross-user',
    prices: { 'llama3.2': 0.5 },
    quota: 50_000_000,
    channels: [
      ...claudeChannels(claude.url),
      geminiChannel(google, '', { models: ['gemini-2.5-flash'] }),
      { name: 'ollama', type: 4, baseUrl: ollama.url, models: ['llama3.2'] },
    ],
  }),
  (server, caller, { claude, google }) => {
    let ai: GoogleGenAI;
    let anthropic: Anthropic;
    beforeAll(() => {
      ai = geminiClient(server, caller.apiKey);
      anthropic = anthropicClient(server, caller.apiKey);
    });

    it('@google/genai on an Anthropic channel: answer, cache reads and the stream', async () => {
      const response = await ai.models.generateContent({
        model: CLAUDE,
        contents: 'Hi',
        config: { maxOutputTokens: 200 },
      });
      const usage = { promptTokenCount: 2500, candidatesTokenCount: 50, cachedContentTokenCount: 2000 };
      expectGeminiAnswer(response, 'Hello! How can I help you today?', usage);
      expect(claude.received.at(-1)).toMatchObject({
        path: '/v1/messages',
        body: { model: CLAUDE, max_tokens: 200, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
      });
      await expectBilled(server, CLAUDE, { prompt: 2500, completion: 50, stream: false });

      expect(await streamedGeminiText(ai, CLAUDE, 'Hi')).toBe('Hello! How can I help you today?');
      await expectBilled(server, CLAUDE, { prompt: 2500, completion: 50, stream: true });
    });

    it('@google/genai is told of an error inside a Claude stream, after the text so far', async () => {
      claude.behaviour = { fixture: 'overloaded-midway' };
      let text = '';
      try {
        const stream = await ai.models.generateContentStream({ model: CLAUDE, contents: 'Tell a story' });
        const reading = (async () => {
          for await (const chunk of stream) text += chunk.text ?? '';
        })();
        await expect(reading).rejects.toMatchObject({
          name: 'ApiError',
          message: expect.stringContaining('Overloaded'),
        });
      } finally {
        claude.behaviour = {};
      }
      expect(text).toBe('Once upon');
    });

    it('@google/genai on a Bedrock channel: a signed InvokeModel call, streamed and not', async () => {
      const response = await ai.models.generateContent({ model: BEDROCK_CLAUDE, contents: 'Hi' });
      expect(response.text).toBe('Hello! How can I help you today?');
      expect(claude.received.at(-1)).toMatchObject({ signatureValid: true });
      expect(claude.received.at(-1)?.path).toMatch(
        new RegExp(`^/model/[a-z.]*anthropic\\.${BEDROCK_CLAUDE}-v1%3A0/invoke$`),
      );
      expect(await streamedGeminiText(ai, BEDROCK_CLAUDE, 'Hi')).toBe('Hello! How can I help you today?');
      expect(await lastConsumeLog(server)).toMatchObject({
        model_name: BEDROCK_CLAUDE,
        is_stream: 1,
        completion_tokens: 50,
      });
    });

    it('@google/genai on an Ollama channel, streamed and not', async () => {
      expect((await ai.models.generateContent({ model: 'llama3.2', contents: 'Hi' })).text).toBe('Hello from Ollama!');
      expect(await streamedGeminiText(ai, 'llama3.2', 'Hi')).toBe('Hello from Ollama!');
      await expectBilled(server, 'llama3.2', { prompt: 26, completion: 6, stream: true });
    });

    it('@anthropic-ai/sdk on a Gemini channel, streamed and not, billed from usageMetadata', async () => {
      const message = await anthropic.messages.create({
        model: 'gemini-2.5-flash',
        max_tokens: 64,
        system: 'Be nice.',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(message.content).toEqual([{ type: 'text', text: 'Hello from Gemini!' }]);
      expect(message.usage).toMatchObject({ input_tokens: 1000, output_tokens: 500 });
      expect(google.last).toMatchObject({
        path: '/v1beta/models/gemini-2.5-flash:generateContent',
        body: {
          systemInstruction: { parts: [{ text: 'Be nice.' }] },
          contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
          generationConfig: { maxOutputTokens: 64 },
        },
      });
      expect(await lastConsumeLog(server)).toMatchObject(FLASH_CHAT_LOG);

      const final = await anthropic.messages.stream(claudeMessage('gemini-2.5-flash', 'Hi')).finalMessage();
      expect(final.content).toEqual([{ type: 'text', text: 'Hello from Gemini!' }]);
      await expectFlashStreamBilled(server, google);
    });

    it('@anthropic-ai/sdk on an Ollama channel, streamed and not', async () => {
      const message = await anthropic.messages.create({
        model: 'llama3.2',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(message.content).toEqual([{ type: 'text', text: 'Hello from Ollama!' }]);
      const final = await anthropic.messages
        .stream({ model: 'llama3.2', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] })
        .finalMessage();
      expect(final.content).toEqual([{ type: 'text', text: 'Hello from Ollama!' }]);
      await expectBilled(server, 'llama3.2', { prompt: 26, completion: 6, stream: true });
    });
  },
);
