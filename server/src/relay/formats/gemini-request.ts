import { fromGeminiSchema } from '../providers/gemini/json-schema';
import type { ChatRequest, ChatContentPart, ChatMessage, ChatTool, ChatToolChoice } from './openai-chat-types';
import type { GeminiContent, GenerateContentRequest } from '../providers/gemini/wire';

function textOf(content: GeminiContent | undefined): string {
  return (content?.parts ?? []).map((part) => part.text ?? '').join('');
}

/**
 * One Gemini turn as OpenAI messages: a model turn becomes one assistant message (text and tool
 * calls), a user turn a user message plus one tool message per function response. Function calls
 * get ids in order, and each response is matched to the oldest open call of the same name.
 */
function convertTurn(
  content: GeminiContent,
  openCalls: Array<{ id: string; name: string }>,
  nextId: () => string,
): ChatMessage[] {
  const parts = content.parts ?? [];
  if (content.role === 'model') {
    const text = parts
      .filter((part) => typeof part.text === 'string' && !part.thought)
      .map((part) => part.text)
      .join('');
    const calls = parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
    const message: ChatMessage = { role: 'assistant', content: text || (calls.length ? null : '') };
    if (calls.length) {
      message.tool_calls = calls.map((call) => {
        const id = call.id || nextId();
        openCalls.push({ id, name: call.name });
        return { id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } };
      });
    }
    return [message];
  }
  const messages: ChatMessage[] = [];
  const userParts: ChatContentPart[] = [];
  for (const part of parts) {
    if (part.functionResponse) {
      const at = openCalls.findIndex((call) => call.name === part.functionResponse!.name);
      const id = part.functionResponse.id || (at >= 0 ? openCalls.splice(at, 1)[0]!.id : nextId());
      messages.push({ role: 'tool', tool_call_id: id, content: JSON.stringify(part.functionResponse.response ?? {}) });
    } else if (typeof part.text === 'string') userParts.push({ type: 'text', text: part.text });
    else if (part.inlineData) {
      userParts.push({
        type: 'image_url',
        image_url: { url: `data:${part.inlineData.mimeType ?? 'image/png'};base64,${part.inlineData.data}` },
      });
    } else if (part.fileData) userParts.push({ type: 'image_url', image_url: { url: part.fileData.fileUri } });
  }
  if (userParts.length) {
    const onlyText = userParts.every((part) => part.type === 'text');
    messages.push({
      role: 'user',
      content: onlyText ? userParts.map((part) => (part as { text: string }).text).join('') : userParts,
    });
  }
  return messages;
}

function toolsOf(request: GenerateContentRequest): ChatTool[] | undefined {
  const declarations = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  if (!declarations.length) return undefined;
  return declarations.map((declaration) => ({
    type: 'function',
    function: {
      name: declaration.name,
      ...(declaration.description ? { description: declaration.description } : {}),
      parameters: (declaration.parametersJsonSchema ??
        fromGeminiSchema(declaration.parameters) ?? { type: 'object', properties: {} }) as Record<string, unknown>,
    },
  }));
}

function toolChoiceOf(request: GenerateContentRequest): ChatToolChoice | undefined {
  const config = request.toolConfig?.functionCallingConfig;
  switch (config?.mode) {
    case 'NONE':
      return 'none';
    case 'ANY': {
      const names = config.allowedFunctionNames ?? [];
      return names.length === 1 ? { type: 'function', function: { name: names[0]! } } : 'required';
    }
    case 'AUTO':
      return 'auto';
    default:
      return undefined;
  }
}

/** A Gemini generateContent request as an OpenAI chat request for the given model. */
export function geminiToOpenAIChat(request: GenerateContentRequest, model: string, stream: boolean): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = textOf(request.systemInstruction);
  if (system) messages.push({ role: 'system', content: system });
  const openCalls: Array<{ id: string; name: string }> = [];
  let counter = 0;
  const nextId = () => `call_${++counter}`;
  for (const content of request.contents) messages.push(...convertTurn(content, openCalls, nextId));

  const result: ChatRequest = { model, messages };
  if (stream) {
    result.stream = true;
    result.stream_options = { include_usage: true };
  }
  const config = request.generationConfig ?? {};
  if (config.temperature !== undefined) result.temperature = config.temperature;
  if (config.topP !== undefined) result.top_p = config.topP;
  if (config.maxOutputTokens !== undefined) result.max_tokens = config.maxOutputTokens;
  if (config.candidateCount !== undefined && config.candidateCount > 1) result.n = config.candidateCount;
  if (config.stopSequences?.length) result.stop = config.stopSequences;
  if (config.seed !== undefined) result.seed = config.seed;
  if (config.presencePenalty !== undefined) result.presence_penalty = config.presencePenalty;
  if (config.frequencyPenalty !== undefined) result.frequency_penalty = config.frequencyPenalty;
  if (config.responseMimeType === 'application/json') {
    const schema =
      config.responseJsonSchema ?? (config.responseSchema ? fromGeminiSchema(config.responseSchema) : undefined);
    result.response_format = schema
      ? { type: 'json_schema', json_schema: { name: 'response', schema } }
      : { type: 'json_object' };
  }
  const tools = toolsOf(request);
  if (tools) result.tools = tools;
  const choice = toolChoiceOf(request);
  if (choice) result.tool_choice = choice;
  return result;
}
