import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { cachedChannel, lastConsumeLog, recordingsBeside, userQuota } from '../../../testing/provider-test-kit';
import { expectRelayedChat } from '../../../testing/relay-answers';
import { streamedChatText } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { relayEndpoints } from '../../endpoints';
import { buildUpstreamRequest } from '../openai-compatible/request';

const recording = recordingsBeside(import.meta.url);

describe('an Ollama channel without a base URL', () => {
  it('calls the local Ollama server on its default port', () => {
    const channel = cachedChannel({ type: 4, name: 'ollama', key: '' });
    const chat = relayEndpoints.find((endpoint) => endpoint.kind === 'chat')!;
    expect(buildUpstreamRequest(channel, chat, 'llama3.2', 'application/json', false).url).toBe(
      'http://localhost:11434/v1/chat/completions',
    );
  });
});

await describeProviderChannel(
  'the openai SDK against an Ollama channel (%s)',
  () =>
    new FixtureReplayUpstream({
      '/v1/chat/completions': [recording('chat-completion.json'), recording('chat-stream.sse', true)],
      '/v1/embeddings': [recording('embeddings.json')],
    }).forTests(),
  (ollama) => ({
    username: 'ollama-user',
    prices: { 'llama3.2': 0.5, 'nomic-embed-text': 0.05 },
    channels: [
      { type: 4, name: 'ollama', baseUrl: ollama.url, key: 'ollama', models: ['llama3.2', 'nomic-embed-text'] },
    ],
  }),
  (server, caller, ollama) => {
    it('chats, streams and embeds through the OpenAI-compatible API, billed and logged', async () => {
      const before = await userQuota(server, caller.userId);
      const chat = {
        model: 'llama3.2',
        prompt: 'Hi',
        answer: 'Hello from Ollama!',
        path: '/v1/chat/completions',
        key: 'ollama',
      };
      await expectRelayedChat(caller.openai, ollama, chat);
      // llama3.2 at model ratio 0.5, completion ratio 1: (26 + 6) × 0.5 = 16
      await expectBilled(server, 'llama3.2', { prompt: 26, completion: 6, stream: false, quota: 16 });

      expect(await streamedChatText(caller.openai, chat.model, chat.prompt)).toBe(chat.answer);
      expect(ollama.received.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(await lastConsumeLog(server)).toMatchObject({
        is_stream: 1,
        prompt_tokens: 26,
        completion_tokens: 6,
        quota: 16,
      });

      const embedding = await caller.openai.embeddings.create({ model: 'nomic-embed-text', input: 'hello world' });
      // The official SDK asks for base64 (little-endian float32), so values arrive as float32.
      expect(embedding.data[0]?.embedding).toEqual([0.0103, -0.0441, 0.0272].map(Math.fround));
      // (4 + 0) × 0.05 = 0.2 → at least 1
      expect(await lastConsumeLog(server)).toMatchObject({
        model_name: 'nomic-embed-text',
        prompt_tokens: 4,
        quota: 1,
      });
      expect(await userQuota(server, caller.userId)).toBe(before - 16 - 16 - 1);
    });
  },
);
