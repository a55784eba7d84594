import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatChunk, ChatRequest } from '../../formats/openai-chat-types';
import { userTextAndImages } from '../../../testing/chat-completion-samples';
import { toBatchEmbedRequest, toEmbeddingResponse } from './embeddings';
import { toGeminiSchema } from './json-schema';
import { SKIP_THOUGHT_SIGNATURE, toGenerateContentRequest } from './request';
import { toChatCompletion } from './response';
import { GeminiStreamConverter } from './stream';
import { geminiUrl } from './url';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('OpenAI chat → Gemini generateContent', () => {
  it('moves system prompts to the system instruction and alternates user and model turns', () => {
    const request = toGenerateContentRequest({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: 'Answer in English.' },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: [{ type: 'text', text: 'there' }] },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Bye' },
      ],
    });
    expect(request.systemInstruction).toEqual({ parts: [{ text: 'Be brief.\nAnswer in English.' }] });
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }, { text: 'there' }] },
      { role: 'model', parts: [{ text: 'Hello!' }] },
      { role: 'user', parts: [{ text: 'Bye' }] },
    ]);
  });

  it('sends data-URL images inline and other image URLs as file data', () => {
    const request = toGenerateContentRequest({
      model: 'gemini-2.5-flash',
      messages: [
        userTextAndImages(
          'What is in these?',
          `data:image/png;base64,${PNG}`,
          'https://images.example/cat.webp?size=large',
          'gs://bucket/dog',
        ),
      ],
    });
    expect(request.contents[0]?.parts).toEqual([
      { text: 'What is in these?' },
      { inlineData: { mimeType: 'image/png', data: PNG } },
      { fileData: { mimeType: 'image/webp', fileUri: 'https://images.example/cat.webp?size=large' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'gs://bucket/dog' } },
    ]);
  });

  it('declares tools, replays tool calls with a thought signature and answers them by name', () => {
    const request = toGenerateContentRequest({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"city":"Rome"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_b', content: '12:00' },
        { role: 'tool', tool_call_id: 'call_a', content: '{"temperature":21}' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Current weather',
            parameters: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              additionalProperties: false,
              properties: {
                city: { type: 'string', format: 'uri' },
                unit: { type: ['string', 'null'], enum: ['c', 'f'] },
              },
              required: ['city'],
            },
          },
        },
        { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: SKIP_THOUGHT_SIGNATURE },
          { functionCall: { name: 'get_time', args: { city: 'Rome' } }, thoughtSignature: SKIP_THOUGHT_SIGNATURE },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_time', response: { content: '12:00' } } },
          { functionResponse: { name: 'get_weather', response: { temperature: 21 } } },
        ],
      },
    ]);
    expect(request.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Current weather',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' }, unit: { type: 'string', nullable: true, enum: ['c', 'f'] } },
              required: ['city'],
            },
          },
          { name: 'get_time' },
        ],
      },
    ]);
    expect(request.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] },
    });
  });

  it('relaxes every safety category to OFF (the gemini.safety_settings default) and maps the generation settings', () => {
    const request = toGenerateContentRequest({
      model: 'gemini-2.5-pro',
      messages: [{ role: 'user', content: 'Give JSON' }],
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 256,
      stop: 'END',
      n: 2,
      seed: 7,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'x', schema: { type: 'object', properties: { a: { type: 'integer' } } } },
      },
      reasoning_effort: 'low',
    } as ChatRequest);
    expect(request.safetySettings?.map((setting) => setting.category)).toEqual([
      'HARM_CATEGORY_HARASSMENT',
      'HARM_CATEGORY_HATE_SPEECH',
      'HARM_CATEGORY_SEXUALLY_EXPLICIT',
      'HARM_CATEGORY_DANGEROUS_CONTENT',
    ]);
    expect(new Set(request.safetySettings?.map((setting) => setting.threshold))).toEqual(new Set(['OFF']));
    expect(request.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      candidateCount: 2,
      seed: 7,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'integer' } } },
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
  });

  it('keeps a const as a one-value enum', () => {
    expect(toGeminiSchema({ type: 'string', const: 'x', examples: ['x'] })).toEqual({ type: 'string', enum: ['x'] });
  });
});

describe('Gemini answers → OpenAI chat', () => {
  it('turns thoughts, text and function calls into one message; usage counts thoughts and cached tokens', () => {
    const completion = toChatCompletion(
      JSON.parse(fixture('generate-content-response.json')),
      'gemini-2.5-flash',
      'chatcmpl-1',
    );
    expect(completion.choices).toEqual([
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Let me check the weather in Paris.',
          reasoning_content: 'The user wants the weather, so I call the tool.',
          tool_calls: [
            {
              id: expect.stringMatching(/^call_/),
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
              extra_content: { google: { thought_signature: 'CiQB0e2Kb4' } },
            },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ]);
    expect(completion.usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 65,
      total_tokens: 185,
      prompt_tokens_details: { cached_tokens: 64 },
      completion_tokens_details: { reasoning_tokens: 40 },
    });
  });

  it('reports length and content-filter endings, and a blocked prompt', () => {
    const ending = (reason: string) =>
      toChatCompletion({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: reason }] }, 'm').choices[0]
        ?.finish_reason;
    expect(ending('MAX_TOKENS')).toBe('length');
    expect(ending('SAFETY')).toBe('content_filter');
    expect(ending('STOP')).toBe('stop');
    const blocked = toChatCompletion({ promptFeedback: { blockReason: 'SAFETY' } }, 'm');
    expect(blocked.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
    ]);
  });

  function streamOf(name: string): ChatChunk[] {
    const converter = new GeminiStreamConverter('gemini-2.5-flash');
    const chunks = fixture(name)
      .split('\n\n')
      .filter((event) => event.startsWith('data: '))
      .flatMap((event) => converter.push(event.slice(6)));
    return [...chunks, ...converter.end()];
  }

  it('streams text deltas, the finish reason, then the last usage', () => {
    const chunks = streamOf('stream-text.sse');
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? null)).toEqual([
      'Hello',
      ' from Gemini',
      '!',
      null,
      null,
    ]);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks[4]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 8, completion_tokens: 17, total_tokens: 25 },
    });
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
  });

  it('streams a function call as one tool-call delta and ends in tool_calls', () => {
    const chunks = streamOf('stream-tool-call.sse');
    expect(chunks[0]?.choices[0]?.delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' },
        extra_content: { google: { thought_signature: 'CiQB0e2Kb5' } },
      },
    ]);
    expect(chunks[1]?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks[2]?.usage).toMatchObject({ prompt_tokens: 50, completion_tokens: 7 });
  });
});

describe('embeddings and addresses', () => {
  it('sends every input in one batchEmbedContents request and reads the vectors back in order', () => {
    expect(
      toBatchEmbedRequest({ model: 'text-embedding-004', input: ['a', 'b'], dimensions: 3 }, 'text-embedding-004'),
    ).toEqual({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }] }, outputDimensionality: 3 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'b' }] }, outputDimensionality: 3 },
      ],
    });
    const response = toEmbeddingResponse(JSON.parse(fixture('batch-embed-response.json')), 'text-embedding-004');
    expect(response?.data.map((item) => [item.index, item.embedding[0]])).toEqual([
      [0, 0.013168517],
      [1, 0.021],
    ]);
    expect(toEmbeddingResponse({ nothing: true }, 'm')).toBeNull();
  });

  it('builds the Gemini address from the base URL and the channel API version', () => {
    expect(geminiUrl('', '', 'gemini-2.5-flash', 'generateContent')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(geminiUrl('http://127.0.0.1:9', 'v1', 'gemini-2.5-flash', 'streamGenerateContent')).toBe(
      'http://127.0.0.1:9/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
  });
});
