import { scrubSecrets, secretsOfKey } from '../domain/secret-scrub';
import type { Text } from '../platform/text';
import type { Usage } from './billing/quota';
import type { StreamRelay } from './providers/provider';
import type { RelayError } from './relay-error';

/** Longest upstream message passed on to a caller (clipped after scrubbing: half a key would not match). */
const MESSAGE_LIMIT = 1000;

const clip = (text: string): string => (text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}…` : text);

/**
 * A failed attempt as the caller, the logs and the console may see it: the channel's key (every
 * piece of it) and credential-shaped strings taken out of its message, which is clipped. Runs only
 * on error paths; the same error comes back when there was nothing to take out.
 */
export function withoutSecrets<E extends RelayError>(error: E, channelKey: string): E {
  const secrets = secretsOfKey(channelKey);
  const zh = clip(scrubSecrets(error.text.zh, secrets));
  const en = error.text.en === error.text.zh ? zh : clip(scrubSecrets(error.text.en, secrets));
  if (zh === error.text.zh && en === error.text.en) return error;
  const text: Text = { zh, en };
  return error.withText(text);
}

/** How an error event names itself in every dialect (`{"error":…}`, `"type":"error"`); never in escaped content text. */
const ERROR_MARK = Buffer.from('"error"');

/**
 * A native stream passed through as the upstream wrote it, except that the events of a push that
 * carry an error (an upstream failing mid-stream) lose the channel's key and credential shapes.
 * The common push is one native search of its bytes; only an error's push is decoded.
 */
export class ScrubbedStream implements StreamRelay {
  constructor(
    private readonly inner: StreamRelay,
    private readonly channelKey: string,
  ) {}

  get usage(): Usage | null {
    return this.inner.usage;
  }

  push(chunk: Buffer): Buffer {
    return this.scrubbed(this.inner.push(chunk));
  }

  end(): Buffer {
    return this.scrubbed(this.inner.end());
  }

  localCompletionTokens(): number | Promise<number> {
    return this.inner.localCompletionTokens();
  }

  private scrubbed(out: Buffer): Buffer {
    if (out.length === 0 || !out.includes(ERROR_MARK)) return out;
    const text = out.toString('utf8');
    const clean = scrubSecrets(text, secretsOfKey(this.channelKey));
    return clean === text ? out : Buffer.from(clean);
  }
}
