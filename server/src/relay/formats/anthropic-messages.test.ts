import { describe, expect, it } from 'vitest';
import { toolCallingCompletion } from '../../testing/chat-completion-samples';
import { invalidToken, overloadedMidway } from '../../testing/relay-error-samples';
import { anthropicMessagesDialect } from './anthropic-messages';
import { messagesRequestSchema, messagesToChat } from './anthropic-messages-request';
import { chatToMessage } from './anthropic-messages-response';
import { MessagesChunkEncoder } from './anthropic-messages-stream';
import { chatChunk } from './chat-chunk';
import type { ChatFinishReason, ChatMessage } from './openai-chat-types';

const chunk = (delta: Partial<ChatMessage>, finishReason?: ChatFinishReason) =>
  chatChunk({ id: 'chatcmpl-1', created: 1, model: 'gpt-4o-mini' }, delta, finishReason);

/** The events of an SSE text as [event name, data] pairs. */
const eventsOf = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [name, data] = block.split('\n');
      return [name?.slice(7), JSON.parse(data?.slice(6) ?? '{}') as Record<string, unknown>] as const;
    });

describe('Claude messages → OpenAI chat', () => {
  it('converts system, images, tool uses and tool results; drops server tools', () => {
    const request = messagesRequestSchema.parse({
      model: 'gpt-4o-mini',
      max_tokens: 512,
      system: [{ type: 'text', text: 'Be brief.' }],
      stop_sequences: ['STOP'],
      metadata: { user_id: 'u-1' },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture, and the weather?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'A cat. Checking weather.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Sunny' }] },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
        { type: 'web_search_20250305', name: 'web_search' },
      ],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(messagesToChat(request)).toMatchInlineSnapshot(`
      {
        "max_tokens": 512,
        "messages": [
          {
            "content": "Be brief.",
            "role": "system",
          },
          {
            "content": [
              {
                "text": "What is in this picture, and the weather?",
                "type": "text",
              },
              {
                "image_url": {
                  "url": "data:image/jpeg;base64,/9j/4AAQ",
                },
                "type": "image_url",
              },
              {
                "image_url": {
                  "url": "https://example.com/a.png",
                },
                "type": "image_url",
              },
            ],
            "role": "user",
          },
          {
            "content": "A cat. Checking weather.",
            "role": "assistant",
            "tool_calls": [
              {
                "function": {
                  "arguments": "{"city":"Paris"}",
                  "name": "get_weather",
                },
                "id": "toolu_1",
                "type": "function",
              },
            ],
          },
          {
            "content": "Sunny",
            "role": "tool",
            "tool_call_id": "toolu_1",
          },
          {
            "content": "Thanks",
            "role": "user",
          },
        ],
        "model": "gpt-4o-mini",
        "parallel_tool_calls": false,
        "stop": [
          "STOP",
        ],
        "tool_choice": "required",
        "tools": [
          {
            "function": {
              "description": "Weather",
              "name": "get_weather",
              "parameters": {
                "properties": {
                  "city": {
                    "type": "string",
                  },
                },
                "type": "object",
              },
            },
            "type": "function",
          },
        ],
        "user": "u-1",
      }
    `);
  });

  it('refuses a body without messages in Anthropic terms', () => {
    const parse = () =>
      anthropicMessagesDialect.parse(Buffer.from('{"model":"m"}'), {
        endpoint: { path: '/v1/messages', kind: 'messages', multipart: false, streamOptions: false },
        contentType: 'application/json',
      });
    expect(parse).toThrow(/messages/);
  });
});

describe('OpenAI chat → Claude messages answers', () => {
  it('a whole completion with a tool call and cached tokens', () => {
    const message = chatToMessage(
      toolCallingCompletion(
        'chatcmpl-9',
        'Let me look.',
        { id: 'call_7', name: 'lookup', arguments: '{"q":"x"}' },
        { prompt: 1200, completion: 30, cached: 1000 },
      ),
      'gpt-4o-mini',
    );
    expect(message).toEqual({
      id: 'msg_chatcmpl-9',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o-mini',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'call_7', name: 'lookup', input: { q: 'x' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 200, output_tokens: 30, cache_read_input_tokens: 1000, cache_creation_input_tokens: 0 },
    });
  });

  it('a stream: one block per run of text or tool call, usage in message_delta', () => {
    const encoder = new MessagesChunkEncoder('gpt-4o-mini');
    const text = [
      encoder.chunk(chunk({ role: 'assistant', content: '' })),
      encoder.chunk(chunk({ content: 'Hi' })),
      encoder.chunk(chunk({ content: ' there' })),
      encoder.chunk(
        chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }] }),
      ),
      encoder.chunk(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":' } }] })),
      encoder.chunk(chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] })),
      encoder.chunk(chunk({}, 'tool_calls')),
      encoder.finish({ promptTokens: 40, completionTokens: 9 }),
    ]
      .map(String)
      .join('');
    expect(eventsOf(text)).toMatchInlineSnapshot(`
      [
        [
          "message_start",
          {
            "message": {
              "content": [],
              "id": "msg_chatcmpl-1",
              "model": "gpt-4o-mini",
              "role": "assistant",
              "stop_reason": null,
              "stop_sequence": null,
              "type": "message",
              "usage": {
                "input_tokens": 0,
                "output_tokens": 0,
              },
            },
            "type": "message_start",
          },
        ],
        [
          "content_block_start",
          {
            "content_block": {
              "text": "",
              "type": "text",
            },
            "index": 0,
            "type": "content_block_start",
          },
        ],
        [
          "content_block_delta",
          {
            "delta": {
              "text": "Hi",
              "type": "text_delta",
            },
            "index": 0,
            "type": "content_block_delta",
          },
        ],
        [
          "content_block_delta",
          {
            "delta": {
              "text": " there",
              "type": "text_delta",
            },
            "index": 0,
            "type": "content_block_delta",
          },
        ],
        [
          "content_block_stop",
          {
            "index": 0,
            "type": "content_block_stop",
          },
        ],
        [
          "content_block_start",
          {
            "content_block": {
              "id": "call_1",
              "input": {},
              "name": "f",
              "type": "tool_use",
            },
            "index": 1,
            "type": "content_block_start",
          },
        ],
        [
          "content_block_delta",
          {
            "delta": {
              "partial_json": "{"a":",
              "type": "input_json_delta",
            },
            "index": 1,
            "type": "content_block_delta",
          },
        ],
        [
          "content_block_delta",
          {
            "delta": {
              "partial_json": "1}",
              "type": "input_json_delta",
            },
            "index": 1,
            "type": "content_block_delta",
          },
        ],
        [
          "content_block_stop",
          {
            "index": 1,
            "type": "content_block_stop",
          },
        ],
        [
          "message_delta",
          {
            "delta": {
              "stop_reason": "tool_use",
              "stop_sequence": null,
            },
            "type": "message_delta",
            "usage": {
              "cache_creation_input_tokens": 0,
              "cache_read_input_tokens": 0,
              "input_tokens": 40,
              "output_tokens": 9,
            },
          },
        ],
        [
          "message_stop",
          {
            "type": "message_stop",
          },
        ],
      ]
    `);
  });

  it('a failure midway is an Anthropic error event', () => {
    const encoder = new MessagesChunkEncoder('m');
    expect(eventsOf(encoder.error(overloadedMidway()).toString())).toEqual([
      ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    ]);
  });

  it('errors in Anthropic shape', () => {
    expect(anthropicMessagesDialect.errorReply(invalidToken(), 'en', 'req-1')).toEqual({
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'Invalid token (request id: req-1)' } },
    });
  });
});
