import { fill } from '../../platform/text';
import { invalidRequest } from '../relay-error';
import { messagesRequestSchema, messagesToChat } from './anthropic-messages-request';
import { chatToMessage } from './anthropic-messages-response';
import { MessagesChunkEncoder } from './anthropic-messages-stream';
import { countRequestTokens } from '../billing/estimate';
import type { ModelEntry } from '../model-list';
import { anthropicErrorType } from './anthropic-error-type';
import type { InboundDialect } from './inbound-dialect';
import { parseJsonBody, type ParsedBody } from './request-body';
import { messages } from '../../platform/i18n/catalogue';

/** Anthropic's Messages API (`POST /v1/messages`), spoken by Claude clients and coding agents. */
export const anthropicMessagesDialect: InboundDialect = {
  name: 'anthropic',
  parse: (raw) => {
    const body = parseJsonBody(raw, undefined);
    const checked = messagesRequestSchema.safeParse(body.json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const detail = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : checked.error.message;
      throw invalidRequest(fill(messages.relay.invalidMessagesBody, { detail }), 'invalid_request_body');
    }
    return body;
  },
  toOpenAI: (body) => messagesToChat(messagesRequestSchema.parse(body.json)),
  fromOpenAI: (completion, body) => chatToMessage(completion, body.model),
  streamEncoder: (body) => new MessagesChunkEncoder(body.model),
  errorReply: (error, language, requestId) => ({
    status: error.status,
    body: {
      type: 'error',
      error: { type: anthropicErrorType(error.status), message: `${error.text[language]} (request id: ${requestId})` },
    },
  }),
};

/** A model in Anthropic's shape (`GET /v1/models/{id}` from a Claude client). */
export const anthropicModel = (model: ModelEntry) => ({
  id: model.id,
  type: 'model',
  display_name: model.id,
  created_at: new Date(model.created * 1000).toISOString(),
});

/** The model list in Anthropic's shape (`GET /v1/models` from a Claude client). */
export function anthropicModelList(models: ModelEntry[]) {
  const data = models.map(anthropicModel);
  return { data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false };
}

/**
 * `POST /v1/messages/count_tokens`, counted locally (o200k tokenizer over the prompt and the tool
 * definitions): coding agents call it to size their context; it bills nothing.
 */
export async function countMessageTokens(body: ParsedBody): Promise<{ input_tokens: number }> {
  return {
    input_tokens: await countRequestTokens(
      anthropicMessagesDialect.toOpenAI(body) as unknown as Record<string, unknown>,
      true,
    ),
  };
}
