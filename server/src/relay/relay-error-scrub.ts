import { scrubSecrets, secretsOfKey } from '../domain/secret-scrub';
import type { Text } from '../platform/text';
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
