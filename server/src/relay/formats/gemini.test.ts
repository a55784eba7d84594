import { describe, expect, it } from 'vitest';
import { toolCallingCompletion, userTextAndImages } from '../../testing/chat-completion-samples';
import { invalidToken, overloadedMidway } from '../../testing/relay-error-samples';
import { geminiDialect } from './gemini';
import { geminiEmbedToOpenAI, openAIEmbeddingsToGemini } from './gemini-embeddings';
import type { RouteFacts } from './inbound-dialect';
import { chatChunk } from './chat-chunk';
import type { ChatFinishReason, ChatMessage } from './openai-chat-types';

const route = (model: string, stream: boolean) =>
  ({
    endpoint: { path: '/v1beta/models', kind: 'chat', multipart: false, streamOptions: true },
    contentType: 'application/json',
    pathModel: model,
    pathStream: stream,
  }) as RouteFacts;
const parse = (body: unknown, stream = false) =>
  geminiDialect.parse(Buffer.from(JSON.stringify(body)), route('gemini-2.5-flash', stream));

describe('Gemini requests → OpenAI chat', () => {
  it('takes model and streaming from the path, max tokens from the generation config', () => {
    const body = parse(
      { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { maxOutputTokens: 64 } },
      true,
    );
    expect(body).toMatchObject({ model: 'gemini-2.5-flash', stream: true, maxTokens: 64 });
    expect(geminiDialect.toOpenAI(body)).toEqual({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
    });
  });

  it('refuses a body that is not a generateContent request', () => {
    expect(() => parse({ contents: 'hello' })).toThrow(/not a valid Gemini request.*contents/s);
    expect(() => geminiDialect.parse(Buffer.from('{oops'), route('m', false))).toThrow(/JSON|Unexpected|Expected/);
  });

  it('converts system instruction, images, tools, function calls and their responses', () => {
    const body = parse({
      systemInstruction: { parts: [{ text: 'You are terse.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Look:' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'cat' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { result: 'a cat' } } }] },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'lookup',
              description: 'Search',
              parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } }, required: ['q'] },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { temperature: 0.5, stopSequences: ['x'], responseMimeType: 'application/json' },
    });
    expect(geminiDialect.toOpenAI(body)).toEqual({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'system', content: 'You are terse.' },
        userTextAndImages('Look:', 'data:image/png;base64,AAAA'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"result":"a cat"}' },
      ],
      temperature: 0.5,
      stop: ['x'],
      response_format: { type: 'json_object' },
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Search',
            parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          },
        },
      ],
      tool_choice: 'required',
    });
  });
});

describe('OpenAI answers → Gemini', () => {
  it('turns a completion into candidates with usage metadata', () => {
    const body = parse({ contents: [] });
    const answer = geminiDialect.fromOpenAI(
      toolCallingCompletion(
        'chatcmpl-1',
        'Hi!',
        { id: 'c', name: 'f', arguments: '{"a":1}' },
        { prompt: 10, completion: 5, cached: 4 },
      ),
      body,
    );
    expect(answer).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Hi!' }, { functionCall: { name: 'f', args: { a: 1 } } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      modelVersion: 'gemini-2.5-flash',
      responseId: 'chatcmpl-1',
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15, cachedContentTokenCount: 4 },
    });
  });

  it('streams text at once and sends assembled tool calls, the finish reason and usage last', () => {
    const encoder = geminiDialect.streamEncoder(parse({ contents: [] }, true));
    const chunk = (delta: Partial<ChatMessage>, finishReason?: ChatFinishReason) =>
      chatChunk({ id: 'chatcmpl-2', created: 1, model: 'gpt-4o-mini' }, delta, finishReason);
    const text = [
      encoder.chunk(chunk({ role: 'assistant', content: 'Hel' })),
      encoder.chunk(chunk({ content: 'lo' })),
      encoder.chunk(
        chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'get', arguments: '{"ci' } }] }),
      ),
      encoder.chunk(chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] })),
      encoder.chunk(chunk({}, 'tool_calls')),
      encoder.finish({ promptTokens: 7, completionTokens: 3 }),
    ]
      .map((bytes) => bytes.toString('utf8'))
      .join('');
    const events = text
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.replace(/^data: /, '')) as Record<string, unknown>);
    expect(events).toEqual([
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] }, index: 0 }],
        modelVersion: 'gemini-2.5-flash',
        responseId: 'chatcmpl-2',
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'lo' }] }, index: 0 }],
        modelVersion: 'gemini-2.5-flash',
        responseId: 'chatcmpl-2',
      },
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'get', args: { city: 'Oslo' } } }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 },
        modelVersion: 'gemini-2.5-flash',
        responseId: 'chatcmpl-2',
      },
    ]);
  });

  it('tells a streaming client of a failure midway with an error event', () => {
    const encoder = geminiDialect.streamEncoder(parse({ contents: [] }, true));
    expect(encoder.error?.(overloadedMidway()).toString('utf8')).toBe(
      'data: {"error":{"code":529,"message":"Overloaded","status":"INTERNAL"}}\r\n\r\n',
    );
  });

  it('answers errors in Gemini shape with Google status names', () => {
    expect(geminiDialect.errorReply(invalidToken(), 'en', 'req-1')).toEqual({
      status: 401,
      body: { error: { code: 401, message: 'Invalid token (request id: req-1)', status: 'UNAUTHENTICATED' } },
    });
  });
});

describe('Gemini embeddings ↔ OpenAI embeddings', () => {
  it('sends every content as one input and answers in the single or batch shape', () => {
    expect(
      geminiEmbedToOpenAI(
        [
          { content: { parts: [{ text: 'a' }, { text: 'b' }] }, outputDimensionality: 8 },
          { content: { parts: [{ text: 'c' }] } },
        ],
        'e',
      ),
    ).toEqual({
      model: 'e',
      input: ['ab', 'c'],
      dimensions: 8,
    });
    const response = {
      object: 'list' as const,
      model: 'e',
      usage: { prompt_tokens: 2, total_tokens: 2 },
      data: [
        { object: 'embedding' as const, index: 1, embedding: [2] },
        { object: 'embedding' as const, index: 0, embedding: [1] },
      ],
    };
    expect(openAIEmbeddingsToGemini(response, true)).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
    expect(openAIEmbeddingsToGemini(response, false)).toEqual({ embedding: { values: [1] } });
  });
});
