import { badUpstreamBody } from '../../relay-error';
import { textCompletion } from '../own-api-adapter';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { parseWith } from '../../parse-json';
import { cozeError, cozeErrorBody } from './errors';
import { CozeChunkTranslator } from './stream';

/**
 * A whole answer for a client that did not stream: Coze's finished event stream read through the
 * stream translator and joined; a JSON refusal (`{code, msg}` with HTTP 200) is the upstream's error.
 */
export function cozeWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const refusal = bytes[0] === 0x7b ? parseWith(cozeErrorBody, bytes.toString('utf8')) : null;
  if (refusal) throw cozeError(refusal.code, refusal.msg, target.channel);
  const translator = new CozeChunkTranslator(target.upstreamModel, target.channel);
  const chunks = [...translator.push(bytes), ...translator.end()];
  if (translator.failure) throw translator.failure;
  if (chunks.length === 0) throw badUpstreamBody();
  const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
  return {
    completion: textCompletion(chunks[0]?.id ?? '', target.upstreamModel, text, 'stop', translator.usage),
    usage: translator.usage,
  };
}
