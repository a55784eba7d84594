import { z } from 'zod';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { upstreamErrorFrom } from '../openai-compatible/errors';
import { textChunk } from '../own-api-adapter';
import { SseJsonTranslator } from '../sse-json-translator';
import { difyMetadata, usageFromDify } from './response';

const difyEvent = z.looseObject({
  event: z.string(),
  message_id: z.string().optional(),
  answer: z.string().optional(),
  metadata: difyMetadata,
  status: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

/**
 * Dify's streamed events as OpenAI chunks: `message` and `agent_message` carry answer text,
 * `message_end` the usage, `error` a failure; workflow, node, ping and TTS events carry nothing for the client.
 */
export class DifyChunkTranslator extends SseJsonTranslator<z.infer<typeof difyEvent>> {
  protected readonly schema = difyEvent;

  protected translate(payload: z.infer<typeof difyEvent>): ChatChunk[] {
    this.stream.id ||= payload.message_id ?? '';
    if ((payload.event === 'message' || payload.event === 'agent_message') && payload.answer)
      return [textChunk(this.stream, payload.answer)];
    if (payload.event === 'message_end') {
      this.usage = usageFromDify(payload.metadata);
      return [textChunk(this.stream, '', 'stop')];
    }
    if (payload.event === 'error') {
      const status = payload.status ?? 500;
      this.failure = upstreamErrorFrom(
        status,
        JSON.stringify({ error: { message: payload.message ?? 'Dify reported an error', code: payload.code } }),
        this.channel.statusCodeMapping,
      );
    }
    return [];
  }
}
