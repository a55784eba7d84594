import { fill } from '../../../platform/text';
import type { ChatContentPart, ChatMessage, ChatRequest, ChatToolChoice } from '../../formats/openai-chat-types';
import { invalidRequest } from '../../relay-error';
import type { UpstreamTarget } from '../provider';
import { defaultAdapterSettings, type ClaudeAdapterSettings } from '../adapter-settings';
import { defaultMaxTokens } from './claude-options';
import { applyThinking } from './thinking';
import { messages } from '../../../platform/i18n/catalogue';

/** A content block of a Claude request. */
export type ClaudeContentBlock = { type: string; [field: string]: unknown };

export interface ClaudeRequestMessage {
  role: 'user' | 'assistant';
  content: string | ClaudeContentBlock[];
}

export interface ClaudeRequest {
  model: string;
  messages: ClaudeRequestMessage[];
  system?: string | ClaudeContentBlock[];
  max_tokens: number;
  stream?: boolean;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  tools?: Array<{ name: string; description?: string; input_schema: Record<string, unknown> }>;
  tool_choice?: { type: 'auto' | 'any' | 'none' | 'tool'; name?: string; disable_parallel_tool_use?: boolean };
  metadata?: { user_id: string };
  thinking?: { type: 'enabled'; budget_tokens: number };
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** An OpenAI image part as a Claude image block: inline base64 for data URLs, a URL source otherwise. */
function imageBlockOf(url: string): ClaudeContentBlock {
  const inline = DATA_URL.exec(url);
  if (inline) return { type: 'image', source: { type: 'base64', media_type: inline[1], data: inline[2] } };
  return { type: 'image', source: { type: 'url', url } };
}

function blocksOf(content: ChatMessage['content']): ClaudeContentBlock[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  const blocks: ClaudeContentBlock[] = [];
  for (const part of content as ChatContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string') blocks.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url') {
      const image = (part as { image_url?: { url?: string } | string }).image_url;
      const url = typeof image === 'string' ? image : image?.url;
      if (url) blocks.push(imageBlockOf(url));
    }
  }
  return blocks;
}

const textOf = (content: ChatMessage['content']) =>
  blocksOf(content)
    .filter((block) => block.type === 'text')
    .map((block) => block.text as string)
    .join('\n');

function parseArguments(text: string | undefined): unknown {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Adds a turn, merging it into the previous one of the same role (Claude wants alternating turns). */
function appendTurn(messages: ClaudeRequestMessage[], role: 'user' | 'assistant', blocks: ClaudeContentBlock[]): void {
  if (blocks.length === 0) return;
  const last = messages.at(-1);
  if (last && last.role === role) {
    const earlier = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
    last.content = [...earlier, ...blocks];
    return;
  }
  messages.push({ role, content: blocks });
}

function toolChoiceOf(choice: ChatToolChoice | undefined, parallel: boolean | undefined): ClaudeRequest['tool_choice'] {
  let converted: ClaudeRequest['tool_choice'];
  if (choice === 'auto') converted = { type: 'auto' };
  else if (choice === 'required') converted = { type: 'any' };
  else if (choice === 'none') converted = { type: 'none' };
  else if (choice && typeof choice === 'object') converted = { type: 'tool', name: choice.function.name };
  if (parallel === false) converted = { ...(converted ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return converted;
}

/** Claude serves chat only: an OpenAI embeddings, images or audio call on a Claude channel is refused. */
export function requireChat(target: UpstreamTarget): void {
  if (target.endpoint.kind === 'chat') return;
  throw invalidRequest(
    fill(messages.relay.endpointNotOnChannel, { path: target.endpoint.path }),
    'unsupported_endpoint',
  );
}

/**
 * An OpenAI chat request as a Claude Messages request: system and developer messages become the
 * system prompt, tool calls become tool_use blocks and tool answers tool_result blocks in a user turn,
 * images become image blocks, a missing max_tokens gets the model's default (`claude.default_max_tokens`),
 * and thinking is enabled for `-thinking` model names (the thinking adapter options) and reasoning_effort.
 */
export function chatToClaude(
  chat: ChatRequest,
  settings: ClaudeAdapterSettings = defaultAdapterSettings.claude,
): ClaudeRequest {
  const system: string[] = [];
  const messages: ClaudeRequestMessage[] = [];
  for (const message of chat.messages) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = textOf(message.content);
      if (text) system.push(text);
    } else if (message.role === 'tool') {
      const result = { type: 'tool_result', tool_use_id: message.tool_call_id ?? '', content: textOf(message.content) };
      appendTurn(messages, 'user', [result]);
    } else if (message.role === 'assistant') {
      const blocks = blocksOf(message.content).filter((block) => block.type === 'text');
      for (const call of message.tool_calls ?? []) {
        blocks.push({
          type: 'tool_use',
          id: call.id ?? '',
          name: call.function.name ?? '',
          input: parseArguments(call.function.arguments),
        });
      }
      appendTurn(messages, 'assistant', blocks);
    } else {
      appendTurn(messages, 'user', blocksOf(message.content));
    }
  }
  const claude: ClaudeRequest = {
    model: chat.model,
    messages,
    max_tokens:
      chat.max_tokens ?? chat.max_completion_tokens ?? defaultMaxTokens(chat.model.replace(/-thinking$/, ''), settings),
  };
  if (system.length === 1) claude.system = system[0];
  else if (system.length > 1) claude.system = system.map((text) => ({ type: 'text', text }));
  if (chat.stream) claude.stream = true;
  if (typeof chat.temperature === 'number') claude.temperature = Math.min(1, Math.max(0, chat.temperature));
  if (typeof chat.top_p === 'number') claude.top_p = chat.top_p;
  if (typeof chat.top_k === 'number') claude.top_k = chat.top_k;
  if (chat.stop) claude.stop_sequences = Array.isArray(chat.stop) ? chat.stop : [chat.stop];
  const tools = (chat.tools ?? []).filter((tool) => tool.type === 'function');
  if (tools.length > 0) {
    claude.tools = tools.map(({ function: fn }) => ({
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      input_schema: fn.parameters ?? { type: 'object', properties: {} },
    }));
    const choice = toolChoiceOf(chat.tool_choice, chat.parallel_tool_calls);
    if (choice) claude.tool_choice = choice;
  }
  if (typeof chat.user === 'string' && chat.user) claude.metadata = { user_id: chat.user };
  applyThinking(claude, chat, settings);
  return claude;
}

/**
 * A Claude body for a cloud platform (Bedrock, Vertex AI): the model and the streaming choice travel
 * in the URL, the API version and the beta flags in the body.
 */
export function platformClaudeBody(claude: Record<string, unknown>, anthropicVersion: string, betas: string[]): Buffer {
  const body: Record<string, unknown> = { ...claude, anthropic_version: anthropicVersion };
  delete body.model;
  delete body.stream;
  if (betas.length > 0) body.anthropic_beta = betas;
  return Buffer.from(JSON.stringify(body));
}
