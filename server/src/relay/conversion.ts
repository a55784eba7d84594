import { countTokensExactly } from './billing/estimate';
import type { Usage } from './billing/quota';
import type { ChunkEncoder, InboundDialect } from './formats/inbound-dialect';
import type { ParsedBody } from './formats/request-body';
import type { ChunkTranslator, ProviderAdapter, StreamRelay, UpstreamTarget, WholeAnswer } from './providers/provider';
import { textOf } from './stream/usage-fields';

/** Completion text held for local counting before it is counted and dropped (bounds memory). */
const TEXT_BLOCK = 32 * 1024;

/** An upstream answer of another dialect, through OpenAI chat, in the client's dialect. */
export function convertedWhole(adapter: ProviderAdapter, dialect: InboundDialect, target: UpstreamTarget, body: ParsedBody, bytes: Buffer): WholeAnswer {
  const { completion, usage } = adapter.openai.whole(bytes, target);
  const answer = dialect.fromOpenAI(completion, body);
  return { body: Buffer.from(JSON.stringify(answer)), contentType: 'application/json', usage, text: usage ? '' : textOf(completion as unknown as Record<string, unknown>) };
}

/** A stream of another dialect: upstream bytes → OpenAI chunks → the client's events. */
export class ConvertedStream implements StreamRelay {
  private text = '';
  private counted = 0;

  constructor(
    private readonly translator: ChunkTranslator,
    private readonly encoder: ChunkEncoder,
  ) {}

  get usage(): Usage | null {
    return this.translator.usage;
  }

  push(chunk: Buffer): Buffer {
    return this.encode(this.translator.push(chunk));
  }

  end(): Buffer {
    const rest = this.encode(this.translator.end());
    return Buffer.concat([rest, this.encoder.finish(this.translator.usage)]);
  }

  localCompletionTokens(): number {
    return this.counted + countTokensExactly(this.text);
  }

  private encode(chunks: ReturnType<ChunkTranslator['push']>): Buffer {
    if (chunks.length === 0) return Buffer.alloc(0);
    const out: Buffer[] = [];
    for (const chunk of chunks) {
      this.collect(textOf(chunk as unknown as Record<string, unknown>));
      out.push(this.encoder.chunk(chunk));
    }
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  private collect(piece: string): void {
    if (!piece) return;
    this.text += piece;
    if (this.text.length >= TEXT_BLOCK) {
      this.counted += countTokensExactly(this.text);
      this.text = '';
    }
  }
}
