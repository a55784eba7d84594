import { z } from 'zod';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { textChunk } from '../own-api-adapter';
import { SseJsonTranslator } from '../sse-json-translator';
import { tencentError } from './errors';
import { finishReasonOf, hunyuanUsage, usageFromHunyuan } from './response';

const hunyuanEvent = z.looseObject({
  Id: z.string().optional(),
  Choices: z
    .array(
      z.looseObject({ Delta: z.looseObject({ Content: z.string().optional() }), FinishReason: z.string().optional() }),
    )
    .optional(),
  Usage: hunyuanUsage.optional(),
  ErrorMsg: z.looseObject({ Code: z.union([z.string(), z.number()]), Msg: z.string() }).optional(),
});

/** Hunyuan's streamed deltas as OpenAI chunks; each event repeats the running usage, so the last one counts. */
export class HunyuanChunkTranslator extends SseJsonTranslator<z.infer<typeof hunyuanEvent>> {
  protected readonly schema = hunyuanEvent;

  protected translate(payload: z.infer<typeof hunyuanEvent>): ChatChunk[] {
    if (payload.ErrorMsg) {
      this.failure = tencentError(String(payload.ErrorMsg.Code), payload.ErrorMsg.Msg, this.channel);
      return [];
    }
    const usage = usageFromHunyuan(payload.Usage);
    if (usage) this.usage = usage;
    const choice = payload.Choices?.[0];
    if (!choice) return [];
    this.stream.id = payload.Id ?? '';
    const finishReason = choice.FinishReason ? finishReasonOf(choice.FinishReason) : null;
    return [textChunk(this.stream, choice.Delta.Content ?? '', finishReason)];
  }
}
