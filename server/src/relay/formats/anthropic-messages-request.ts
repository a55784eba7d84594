import { z } from 'zod';
import type {
  ChatContentPart,
  ChatMessage,
  ChatRequest,
  ChatTool,
  ChatToolCall,
  ChatToolChoice,
} from './openai-chat-types';

const blockSchema = z.looseObject({ type: z.string() });
type Block = z.infer<typeof blockSchema> & Record<string, unknown>;

/** What the gateway needs of a Messages API request; other fields are carried along untouched. */
export const messagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(
    z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(blockSchema)]) }),
  ),
  system: z.union([z.string(), z.array(blockSchema)]).optional(),
  max_tokens: z.number().int().positive().optional(),
  stream: z.boolean().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  stop_sequences: z.array(z.string()).optional(),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        type: z.string().optional(),
        description: z.string().optional(),
        input_schema: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  tool_choice: z
    .looseObject({ type: z.string(), name: z.string().optional(), disable_parallel_tool_use: z.boolean().optional() })
    .optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
});
export type MessagesRequest = z.infer<typeof messagesRequestSchema>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The text of blocks (text blocks, and text documents). */
function blockText(blocks: string | Block[]): string {
  if (typeof blocks === 'string') return blocks;
  return blocks
    .map((block) => (block.type === 'text' ? str(block.text) : ''))
    .filter(Boolean)
    .join('\n');
}

function imagePart(block: Block): ChatContentPart | null {
  const source = (block.source ?? {}) as Record<string, unknown>;
  if (source.type === 'base64')
    return { type: 'image_url', image_url: { url: `data:${str(source.media_type)};base64,${str(source.data)}` } };
  if (source.type === 'url') return { type: 'image_url', image_url: { url: str(source.url) } };
  return null;
}

/** A user turn: tool results become tool messages (first, right after the tool calls), the rest one user message. */
function userMessages(content: string | Block[]): ChatMessage[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const tools: ChatMessage[] = [];
  const parts: ChatContentPart[] = [];
  for (const block of content) {
    if (block.type === 'tool_result') {
      const result = block.content as string | Block[] | undefined;
      tools.push({
        role: 'tool',
        tool_call_id: str(block.tool_use_id),
        content: result === undefined ? '' : blockText(result),
      });
    } else if (block.type === 'text') parts.push({ type: 'text', text: str(block.text) });
    else if (block.type === 'image') {
      const part = imagePart(block);
      if (part) parts.push(part);
    } else if (block.type === 'document' && (block.source as { type?: string } | undefined)?.type === 'text') {
      parts.push({ type: 'text', text: str((block.source as { data?: unknown }).data) });
    }
  }
  if (parts.length === 0) return tools;
  const onlyText = parts.every((part) => part.type === 'text');
  const message: ChatMessage = {
    role: 'user',
    content: onlyText ? parts.map((part) => (part as { text: string }).text).join('\n') : parts,
  };
  return [...tools, message];
}

function assistantMessage(content: string | Block[]): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  const calls: ChatToolCall[] = content
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({
      id: str(block.id),
      type: 'function',
      function: { name: str(block.name), arguments: JSON.stringify(block.input ?? {}) },
    }));
  const message: ChatMessage = { role: 'assistant', content: blockText(content) || (calls.length ? null : '') };
  if (calls.length) message.tool_calls = calls;
  return message;
}

function toolChoiceOf(choice: MessagesRequest['tool_choice']): ChatToolChoice | undefined {
  switch (choice?.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name ?? '' } };
    default:
      return undefined;
  }
}

/**
 * A Messages API request as an OpenAI chat request: the system prompt first, tool results as tool
 * messages, tool_use blocks as tool calls, images as image parts; Anthropic's server tools are dropped.
 */
export function messagesToChat(request: MessagesRequest): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = request.system === undefined ? '' : blockText(request.system as string | Block[]);
  if (system) messages.push({ role: 'system', content: system });
  for (const message of request.messages) {
    const content = message.content as string | Block[];
    if (message.role === 'user') messages.push(...userMessages(content));
    else messages.push(assistantMessage(content));
  }
  const chat: ChatRequest = { model: request.model, messages };
  if (request.max_tokens !== undefined) chat.max_tokens = request.max_tokens;
  if (request.stream) chat.stream = true;
  if (request.temperature !== undefined) chat.temperature = request.temperature;
  if (request.top_p !== undefined) chat.top_p = request.top_p;
  if (request.stop_sequences?.length) chat.stop = request.stop_sequences;
  const tools: ChatTool[] = (request.tools ?? [])
    .filter((tool) => !tool.type || tool.type === 'custom')
    .map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
        parameters: tool.input_schema ?? { type: 'object', properties: {} },
      },
    }));
  if (tools.length) {
    chat.tools = tools;
    const choice = toolChoiceOf(request.tool_choice);
    if (choice) chat.tool_choice = choice;
    if (request.tool_choice?.disable_parallel_tool_use) chat.parallel_tool_calls = false;
  }
  if (request.metadata?.user_id) chat.user = request.metadata.user_id;
  return chat;
}
