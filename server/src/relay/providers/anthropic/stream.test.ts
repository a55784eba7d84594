import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { claudeMessageSchema } from './claude-schemas';
import { claudeToChat } from './response';
import { ClaudeChunkTranslator, ClaudeUsageTap } from './stream';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Feeds the bytes in pieces of `size` (cutting events and even UTF-8 characters apart). */
function translate(bytes: Buffer, size: number): { chunks: ChatChunk[]; translator: ClaudeChunkTranslator } {
  const translator = new ClaudeChunkTranslator('requested-model');
  const chunks: ChatChunk[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(...translator.push(bytes.subarray(at, at + size)));
  chunks.push(...translator.end());
  return { chunks, translator };
}

describe('Claude answers → OpenAI chat', () => {
  it('a whole answer: text, finish reason and usage with cache reads and writes', () => {
    const { completion, usage } = claudeToChat(claudeMessageSchema.parse(JSON.parse(fixture('text.json').toString())));
    expect(completion.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'Hello! How can I help you today?' },
      finish_reason: 'stop',
    });
    expect(usage).toEqual({ promptTokens: 2500, completionTokens: 50, cachedTokens: 2000, cacheWriteTokens: 400 });
    expect(completion.usage).toEqual({
      prompt_tokens: 2500,
      completion_tokens: 50,
      total_tokens: 2550,
      prompt_tokens_details: { cached_tokens: 2000, cache_write_tokens: 400 },
    });
  });

  it('a whole tool-use answer becomes tool calls', () => {
    const { completion } = claudeToChat(claudeMessageSchema.parse(JSON.parse(fixture('tool-use.json').toString())));
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls).toEqual([
      {
        id: 'toolu_01A09q90qw90lq917835lq9',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"location":"Paris, France","unit":"celsius"}' },
      },
    ]);
  });

  it('a text stream, however it is cut, gives the same chunks and the usage of message_start and message_delta', () => {
    const whole = translate(fixture('text.sse'), 1 << 20);
    // `created` is the second each translator started in, which may tick over between two translations.
    const timeless = (chunks: ChatChunk[]) => chunks.map(({ created: _created, ...chunk }) => chunk);
    for (const size of [1, 7, 64])
      expect(timeless(translate(fixture('text.sse'), size).chunks)).toEqual(timeless(whole.chunks));
    expect(whole.chunks.map((chunk) => chunk.choices[0])).toMatchInlineSnapshot(`
      [
        {
          "delta": {
            "content": "",
            "role": "assistant",
          },
          "finish_reason": null,
          "index": 0,
        },
        {
          "delta": {
            "content": "Hello! How",
          },
          "finish_reason": null,
          "index": 0,
        },
        {
          "delta": {
            "content": " can I help",
          },
          "finish_reason": null,
          "index": 0,
        },
        {
          "delta": {
            "content": " you today?",
          },
          "finish_reason": null,
          "index": 0,
        },
        {
          "delta": {},
          "finish_reason": "stop",
          "index": 0,
        },
      ]
    `);
    expect(whole.chunks[0]).toMatchObject({
      id: 'msg_01Cz9p8KXhMxM4ZJ2gbtzVNx',
      model: 'claude-sonnet-4-5-20250929',
      object: 'chat.completion.chunk',
    });
    expect(whole.translator.usage).toEqual({
      promptTokens: 2500,
      completionTokens: 50,
      cachedTokens: 2000,
      cacheWriteTokens: 400,
    });
  });

  it('a tool-use stream becomes tool call deltas whose arguments add up to the JSON input', () => {
    const { chunks, translator } = translate(fixture('tool-use.sse'), 13);
    const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(calls[0]).toEqual({
      index: 0,
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(JSON.parse(calls.map((call) => call.function.arguments).join(''))).toEqual({
      location: 'Paris, France',
      unit: 'celsius',
    });
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(translator.usage).toEqual({ promptTokens: 472, completionTokens: 89, cachedTokens: 0, cacheWriteTokens: 0 });
  });

  it('server tool use (web search) streams no tool call deltas', () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_2', model: 'm', usage: { input_tokens: 3, output_tokens: 1 } } },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"x"}' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Found it.' } },
    ];
    const sse = Buffer.from(events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
    const { chunks } = translate(sse, 1 << 20);
    expect(chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])).toEqual([]);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content).join('')).toBe('Found it.');
  });

  it('the passthrough tap forwards the bytes untouched and reads the usage', async () => {
    const tap = new ClaudeUsageTap();
    const bytes = fixture('text.sse');
    const out = Buffer.concat([tap.push(bytes.subarray(0, 100)), tap.push(bytes.subarray(100)), tap.end()]);
    expect(out.equals(bytes)).toBe(true);
    expect(tap.usage).toEqual({ promptTokens: 2500, completionTokens: 50, cachedTokens: 2000, cacheWriteTokens: 400 });
    expect(await tap.localCompletionTokens()).toBeGreaterThan(0);
  });
});
