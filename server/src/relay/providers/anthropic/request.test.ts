import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../formats/openai-chat-types';
import { defaultAdapterSettings } from '../adapter-settings';
import { defaultMaxTokens } from './claude-options';
import { chatToClaude, platformClaudeBody } from './request';

describe('OpenAI chat → Claude messages', () => {
  /** A text part, written alike in OpenAI chat and Claude messages. */
  const text = (value: string) => ({ type: 'text' as const, text: value });
  /** The Claude request for a chat of the one user message `x` to `model`, with the other fields in `extra`. */
  const oneMessageToClaude = (model: string, extra: Partial<ChatRequest> = {}) =>
    chatToClaude({ model, messages: [{ role: 'user', content: 'x' }], ...extra });

  it('moves system and developer messages to the system prompt and defaults max_tokens', () => {
    const claude = chatToClaude({
      model: 'claude-sonnet-4-5-20250929',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'developer', content: [text('Answer in French.')] },
        { role: 'user', content: 'Hello' },
      ],
      temperature: 1.7,
      stop: 'END',
      user: 'user-42',
    });
    expect(claude).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      system: [text('You are terse.'), text('Answer in French.')],
      messages: [{ role: 'user', content: [text('Hello')] }],
      max_tokens: 8192,
      temperature: 1,
      stop_sequences: ['END'],
      metadata: { user_id: 'user-42' },
    });
  });

  it('keeps the client max_tokens, and older models default to 4096', () => {
    expect(oneMessageToClaude('claude-3-haiku-20240307', { max_completion_tokens: 300 }).max_tokens).toBe(300);
    expect(defaultMaxTokens('claude-3-haiku-20240307', defaultAdapterSettings.claude)).toBe(4096);
    expect(defaultMaxTokens('claude-opus-4-5-20251101', defaultAdapterSettings.claude)).toBe(8192);
  });

  it('turns data URLs into base64 images and web URLs into URL images', () => {
    const claude = chatToClaude({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            text('Compare these'),
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
          ],
        },
      ],
    });
    expect(claude.messages[0]?.content).toEqual([
      text('Compare these'),
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
    ]);
  });

  it('converts tools, tool calls and tool results, merging consecutive results into one user turn', () => {
    const chat: ChatRequest = {
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: 'not json' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: '21°C' }] },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather by city',
            parameters: { type: 'object', properties: { location: { type: 'string' } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    };
    expect(chatToClaude(chat)).toMatchInlineSnapshot(`
      {
        "max_tokens": 8192,
        "messages": [
          {
            "content": [
              {
                "text": "Weather in Paris and Rome?",
                "type": "text",
              },
            ],
            "role": "user",
          },
          {
            "content": [
              {
                "text": "Checking.",
                "type": "text",
              },
              {
                "id": "call_1",
                "input": {
                  "location": "Paris",
                },
                "name": "get_weather",
                "type": "tool_use",
              },
              {
                "id": "call_2",
                "input": {},
                "name": "get_weather",
                "type": "tool_use",
              },
            ],
            "role": "assistant",
          },
          {
            "content": [
              {
                "content": "18°C",
                "tool_use_id": "call_1",
                "type": "tool_result",
              },
              {
                "content": "21°C",
                "tool_use_id": "call_2",
                "type": "tool_result",
              },
            ],
            "role": "user",
          },
        ],
        "model": "m",
        "tool_choice": {
          "disable_parallel_tool_use": true,
          "name": "get_weather",
          "type": "tool",
        },
        "tools": [
          {
            "description": "Weather by city",
            "input_schema": {
              "properties": {
                "location": {
                  "type": "string",
                },
              },
              "type": "object",
            },
            "name": "get_weather",
          },
        ],
      }
    `);
  });

  it('maps the tool choices', () => {
    const tools: ChatRequest['tools'] = [{ type: 'function', function: { name: 'f' } }];
    const choice = (tool_choice: ChatRequest['tool_choice']) =>
      chatToClaude({ model: 'm', messages: [], tools, tool_choice }).tool_choice;
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('required')).toEqual({ type: 'any' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(chatToClaude({ model: 'm', messages: [], tools }).tools).toEqual([
      { name: 'f', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('turns on extended thinking for a -thinking model name and for reasoning_effort', () => {
    const settings = { max_tokens: 1000, temperature: 0.2, top_p: 0.9 };
    const suffixed = oneMessageToClaude('claude-sonnet-4-5-20250929-thinking', settings);
    expect(suffixed).toMatchObject({
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(suffixed).not.toHaveProperty('temperature');
    expect(suffixed).not.toHaveProperty('top_p');

    const effort = oneMessageToClaude('claude-opus-4-5-20251101', { max_tokens: 3000, reasoning_effort: 'high' });
    expect(effort).toMatchObject({
      model: 'claude-opus-4-5-20251101',
      thinking: { type: 'enabled', budget_tokens: 4096 },
      max_tokens: 4096 + 1280,
    });
    expect(chatToClaude({ model: 'm', messages: [], reasoning_effort: 'medium' }).thinking).toEqual({
      type: 'enabled',
      budget_tokens: 2048,
    });
    expect(chatToClaude({ model: 'm', messages: [] }).thinking).toBeUndefined();
  });

  it('platform bodies carry the API version and betas instead of the model and stream flag', () => {
    const body = platformClaudeBody({ model: 'm', stream: true, max_tokens: 10, messages: [] }, 'bedrock-2023-05-31', [
      'context-1m-2025-08-07',
    ]);
    expect(JSON.parse(body.toString())).toEqual({
      max_tokens: 10,
      messages: [],
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['context-1m-2025-08-07'],
    });
  });
});
