import { z } from 'zod';
import type { ChatChunk } from '../../formats/openai-chat-types';
import type { SseEvent } from '../../stream/sse-events';
import { textChunk } from '../own-api-adapter';
import { SseJsonTranslator } from '../sse-json-translator';
import { cozeError } from './errors';

const cozeEvent = z.looseObject({
  id: z.string().optional(),
  chat_id: z.string().optional(),
  type: z.string().optional(),
  content: z.string().optional(),
  usage: z.looseObject({ input_count: z.number(), output_count: z.number() }).optional(),
  last_error: z.looseObject({ code: z.number(), msg: z.string() }).optional(),
  code: z.number().optional(),
  msg: z.string().optional(),
});

/**
 * Coze's chat events as OpenAI chunks: `conversation.message.delta` of type `answer` carries text,
 * `conversation.chat.completed` the usage, `conversation.chat.failed` and `error` a failure. Tool,
 * verbose and follow-up messages carry nothing for the client.
 */
export class CozeChunkTranslator extends SseJsonTranslator<z.infer<typeof cozeEvent>> {
  protected readonly schema = cozeEvent;

  protected translate(payload: z.infer<typeof cozeEvent>, { event }: SseEvent): ChatChunk[] {
    this.stream.id ||= payload.chat_id ?? payload.id ?? '';
    if (event === 'conversation.message.delta' && payload.type === 'answer' && payload.content)
      return [textChunk(this.stream, payload.content)];
    if (event === 'conversation.chat.completed') {
      if (payload.usage)
        this.usage = { promptTokens: payload.usage.input_count, completionTokens: payload.usage.output_count };
      return [textChunk(this.stream, '', 'stop')];
    }
    if (event === 'conversation.chat.failed' && payload.last_error)
      this.failure = cozeError(payload.last_error.code, payload.last_error.msg, this.channel);
    else if (event === 'error' && payload.code !== undefined)
      this.failure = cozeError(payload.code, payload.msg ?? '', this.channel);
    return [];
  }
}
