import { toGeminiSchema } from './json-schema';
import { thoughtSignatureOf } from './response';
import type {
  ChatRequest,
  ChatContentPart,
  ChatMessage,
  ChatTool,
  ChatToolChoice,
} from '../../formats/openai-chat-types';
import type { GeminiContent, GeminiPart, GenerateContentRequest, GenerationConfig } from './wire';

/**
 * The harm categories relaxed on every converted request. Civic integrity is left out: it is
 * deprecated, and some models refuse a request that sets its threshold.
 */
export const HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
];
/** The reference product's `gemini.safety_settings` default. */
const DEFAULT_SAFETY_THRESHOLD = 'OFF';
/**
 * Google's documented stand-in for a thought signature, for function calls replayed without their
 * own (Gemini 3 refuses replayed function calls without one).
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** Thinking budgets for OpenAI's reasoning_effort. */
const THINKING_BUDGETS: Record<string, number> = { minimal: 128, low: 1024, medium: 8192, high: 24576 };

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s;

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  pdf: 'application/pdf',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  mp4: 'video/mp4',
};

/** An image part: data URLs become inline data; other URLs (https, gs://) file data with a guessed type. */
export function imagePart(url: string): GeminiPart {
  const inline = DATA_URL.exec(url);
  if (inline) return { inlineData: { mimeType: inline[1] ?? 'image/png', data: inline[2] ?? '' } };
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { fileData: { mimeType: MIME_BY_EXTENSION[extension] ?? 'image/jpeg', fileUri: url } };
}

function textOfContent(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

function partsOfContent(content: ChatMessage['content']): GeminiPart[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  if (!Array.isArray(content)) return [];
  const parts: GeminiPart[] = [];
  for (const part of content as ChatContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') parts.push({ text: part.text });
    else if (part.type === 'image_url') {
      const image = part.image_url as { url?: string } | string | undefined;
      const url = typeof image === 'string' ? image : image?.url;
      if (url) parts.push(imagePart(url));
    } else if (part.type === 'input_audio') {
      const audio = part.input_audio as { data?: string; format?: string } | undefined;
      if (audio?.data) parts.push({ inlineData: { mimeType: `audio/${audio.format ?? 'wav'}`, data: audio.data } });
    }
  }
  return parts;
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { arguments: text };
  }
}

function toolResultResponse(content: ChatMessage['content']): Record<string, unknown> {
  const text = textOfContent(content);
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // plain text result
  }
  return { content: text };
}

/** Appends parts to the last content when it has the same role (Gemini wants turns to alternate). */
function push(contents: GeminiContent[], role: 'user' | 'model', parts: GeminiPart[]): void {
  if (parts.length === 0) return;
  const last = contents.at(-1);
  if (last?.role === role) last.parts = [...(last.parts ?? []), ...parts];
  else contents.push({ role, parts });
}

function convertMessages(messages: ChatMessage[]): { contents: GeminiContent[]; system: string[] } {
  const contents: GeminiContent[] = [];
  const system: string[] = [];
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = textOfContent(message.content);
      if (text) system.push(text);
    } else if (message.role === 'assistant') {
      const parts = partsOfContent(message.content);
      for (const call of message.tool_calls ?? []) {
        const name = call.function.name ?? '';
        if (call.id) toolNames.set(call.id, name);
        const thoughtSignature = thoughtSignatureOf(call) ?? SKIP_THOUGHT_SIGNATURE;
        parts.push({ functionCall: { name, args: parseArguments(call.function.arguments ?? '') }, thoughtSignature });
      }
      push(contents, 'model', parts);
    } else if (message.role === 'tool' || message.role === 'function') {
      const name = (message.tool_call_id && toolNames.get(message.tool_call_id)) || message.name || 'function';
      push(contents, 'user', [{ functionResponse: { name, response: toolResultResponse(message.content) } }]);
    } else {
      push(contents, 'user', partsOfContent(message.content));
    }
  }
  return { contents, system };
}

function toolConfigOf(choice: ChatToolChoice | undefined): GenerateContentRequest['toolConfig'] {
  if (choice === undefined || choice === 'auto') return undefined;
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
}

function toolsOf(tools: ChatTool[] | undefined): GenerateContentRequest['tools'] {
  const declarations = (tools ?? [])
    .filter((tool) => tool.type === 'function' && tool.function?.name)
    .map((tool) => {
      const parameters = toGeminiSchema(tool.function.parameters) as Record<string, unknown> | undefined;
      const empty = !parameters || (parameters.type === 'object' && !parameters.properties);
      return {
        name: tool.function.name,
        ...(tool.function.description ? { description: tool.function.description } : {}),
        ...(empty ? {} : { parameters }),
      };
    });
  return declarations.length ? [{ functionDeclarations: declarations }] : undefined;
}

function numberField(request: ChatRequest, field: string): number | undefined {
  const value = request[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function generationConfigOf(request: ChatRequest): GenerationConfig {
  const config: GenerationConfig = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.top_p !== undefined) config.topP = request.top_p;
  if (request.top_k !== undefined) config.topK = request.top_k;
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (maxTokens !== undefined) config.maxOutputTokens = maxTokens;
  const candidates = numberField(request, 'n');
  if (candidates !== undefined && candidates > 1) config.candidateCount = candidates;
  if (request.stop !== undefined) config.stopSequences = Array.isArray(request.stop) ? request.stop : [request.stop];
  const seed = numberField(request, 'seed');
  if (seed !== undefined) config.seed = seed;
  const presence = numberField(request, 'presence_penalty');
  if (presence !== undefined) config.presencePenalty = presence;
  const frequency = numberField(request, 'frequency_penalty');
  if (frequency !== undefined) config.frequencyPenalty = frequency;
  const format = request.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    if (format.json_schema?.schema) config.responseSchema = toGeminiSchema(format.json_schema.schema);
  }
  const effort = request.reasoning_effort;
  const budget = typeof effort === 'string' ? THINKING_BUDGETS[effort] : undefined;
  if (budget !== undefined) config.thinkingConfig = { thinkingBudget: budget, includeThoughts: true };
  return config;
}

/** An OpenAI chat request as a Gemini generateContent request (the model goes in the URL). */
export function toGenerateContentRequest(
  request: ChatRequest,
  safetyThreshold = DEFAULT_SAFETY_THRESHOLD,
): GenerateContentRequest {
  const { contents, system } = convertMessages(request.messages ?? []);
  const result: GenerateContentRequest = { contents };
  if (system.length) result.systemInstruction = { parts: [{ text: system.join('\n') }] };
  const tools = toolsOf(request.tools);
  if (tools) result.tools = tools;
  const toolConfig = toolConfigOf(request.tool_choice);
  if (toolConfig) result.toolConfig = toolConfig;
  result.safetySettings = HARM_CATEGORIES.map((category) => ({ category, threshold: safetyThreshold }));
  const config = generationConfigOf(request);
  if (Object.keys(config).length) result.generationConfig = config;
  return result;
}
