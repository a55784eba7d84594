import type { z } from 'zod';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { textChunk } from '../own-api-adapter';
import { SseJsonTranslator } from '../sse-json-translator';
import { baiduError, baiduErrorBody } from './errors';
import { ernieAnswer, finishReasonOf, usageFromErnie } from './response';

const ernieEvent = baiduErrorBody.or(ernieAnswer);
type ErnieError = z.infer<typeof baiduErrorBody>;
type ErnieAnswer = z.infer<typeof ernieAnswer>;

/** ERNIE's streamed sentences as OpenAI chunks; the usage of the last one is the call's. */
export class ErnieChunkTranslator extends SseJsonTranslator<z.infer<typeof ernieEvent>> {
  protected readonly schema = ernieEvent;

  protected translate(payload: z.infer<typeof ernieEvent>): ChatChunk[] {
    if (typeof payload.error_code === 'number') {
      this.failure = baiduError(payload as ErnieError, this.channel);
      return [];
    }
    const answer = payload as ErnieAnswer;
    const usage = usageFromErnie(answer.usage);
    if (usage) this.usage = usage;
    this.stream.id = answer.id;
    return [textChunk(this.stream, answer.result, answer.is_end ? finishReasonOf(answer.finish_reason) : null)];
  }
}
