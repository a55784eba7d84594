import type { Usage } from './billing/quota';
import type { ChunkEncoder, InboundDialect } from './formats/inbound-dialect';
import type { RelayError } from './relay-error';
import type { ParsedBody } from './formats/request-body';
import type { ChunkTranslator, ProviderAdapter, StreamRelay, UpstreamTarget, WholeAnswer } from './providers/provider';
import { CompletionCounter } from './stream/completion-counter';
import { textOf } from './stream/usage-fields';
import { embeddingsAsRequested } from './formats/embedding-encoding';

/** An upstream answer of another dialect, through OpenAI chat, in the client's dialect. */
export function convertedWhole(
  adapter: ProviderAdapter,
  dialect: InboundDialect,
  target: UpstreamTarget,
  body: ParsedBody,
  bytes: Buffer,
): WholeAnswer {
  const { completion, usage } = adapter.openai.whole(bytes, target);
  const answer =
    target.endpoint.kind === 'embeddings'
      ? embeddingsAsRequested(dialect.fromOpenAI(completion, body), body.json)
      : dialect.fromOpenAI(completion, body);
  return {
    body: Buffer.from(JSON.stringify(answer)),
    contentType: 'application/json',
    usage,
    text: usage ? '' : textOf(completion as unknown as Record<string, unknown>),
  };
}

/** A stream of another dialect: upstream bytes → OpenAI chunks → the client's events. */
export class ConvertedStream implements StreamRelay {
  private readonly counter = new CompletionCounter();
  /** the upstream reported an error inside the stream; the client has been told */
  private failed = false;

  constructor(
    private readonly translator: ChunkTranslator,
    private readonly encoder: ChunkEncoder,
    /** what the client may see of an upstream's in-stream error (the channel's secrets taken out) */
    private readonly shown: (failure: RelayError) => RelayError = (failure) => failure,
  ) {}

  get usage(): Usage | null {
    return this.translator.usage;
  }

  push(chunk: Buffer): Buffer {
    return this.encode(this.translator.push(chunk));
  }

  end(): Buffer {
    const rest = this.encode(this.translator.end());
    if (this.failed) return rest;
    return Buffer.concat([rest, this.encoder.finish(this.translator.usage)]);
  }

  localCompletionTokens(): number | Promise<number> {
    return this.counter.tokens();
  }

  private encode(chunks: ReturnType<ChunkTranslator['push']>): Buffer {
    const out: Buffer[] = [];
    for (const chunk of chunks) {
      this.counter.add(textOf(chunk as unknown as Record<string, unknown>));
      out.push(this.encoder.chunk(chunk));
    }
    const failure = this.translator.failure;
    if (failure && !this.failed) {
      this.failed = true;
      out.push(this.encoder.error?.(this.shown(failure)) ?? Buffer.alloc(0));
    }
    if (out.length === 0) return Buffer.alloc(0);
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }
}
