/** What stands in for a secret in a text that callers, users or administrators see. */
const HIDDEN = '***';

/**
 * Pieces of a key shorter than this are left in the text (a region, a version): they are not secret
 * on their own, and replacing every occurrence of a short word would garble the message.
 */
const SHORTEST_SECRET = 6;

/**
 * Credential-shaped strings, whoever's they are: bearer and basic credentials, OpenAI/Anthropic `sk-`
 * keys, AWS access key ids, Google API keys and OAuth access tokens, JWTs, PEM private keys, secrets in
 * query parameters and in `name: value` / `"name":"value"` pairs of key headers.
 */
const credentialShapes: ReadonlyArray<readonly [RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, HIDDEN],
  [/\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1$2${HIDDEN}`],
  [
    /\b(x-api-key|api-key|x-goog-api-key|mj-api-secret|authorization)(["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b|\*\*\*)[^\s"',;&}]+/gi,
    `$1$2${HIDDEN}`,
  ],
  [/([?&](?:key|api[_-]?key|access[_-]?token|token|secret|signature|sig)=)[^&\s"'#]+/gi, `$1${HIDDEN}`],
  [/\bsk-[A-Za-z0-9_-]{6,}/g, `sk-${HIDDEN}`],
  [/\b(AKIA|ASIA)[0-9A-Z]{12,}/g, `$1${HIDDEN}`],
  [/\bAIza[0-9A-Za-z_-]{10,}/g, `AIza${HIDDEN}`],
  [/\bya29\.[0-9A-Za-z._-]+/g, `ya29.${HIDDEN}`],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, HIDDEN],
];

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
}

/** The strings of a JSON key (a Vertex AI service account); none when the text is not JSON. */
function jsonStrings(text: string): string[] {
  const strings: string[] = [];
  try {
    collectStrings(JSON.parse(text), strings);
  } catch {
    // not JSON after all: its lines are the keys
  }
  return strings;
}

/**
 * Every secret a channel's stored key holds, longest first: each key of a multi-key channel (one per
 * line), the pieces of composite keys (`AK|SK|region`, `appid|secret|apikey`), the values of a JSON
 * key, and each of these as it looks URL-encoded.
 */
export function secretsOfKey(key: string): string[] {
  const text = key.trim();
  const secrets = new Set<string>();
  const add = (candidate: string) => {
    const secret = candidate.trim();
    if (secret.length < SHORTEST_SECRET) return;
    secrets.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) secrets.add(encoded);
  };
  const json = text.startsWith('{') || text.startsWith('[') ? jsonStrings(text) : [];
  const parts = json.length > 0 ? json : text.split('\n');
  for (const part of parts) {
    add(part);
    if (part.includes('|')) for (const piece of part.split('|')) add(piece);
  }
  return [...secrets].sort((first, second) => second.length - first.length);
}

/**
 * An upstream's text with the given secrets and every credential-shaped string replaced by `***`.
 * The one function every path uses before upstream text reaches a caller, a log row or the console;
 * it runs on error paths only. Clip after scrubbing, never before (half a key would no longer match).
 */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.split(secret).join(HIDDEN);
  }
  for (const [shape, replacement] of credentialShapes) result = result.replace(shape, replacement);
  return result;
}

/** Scrubs a text of a stored channel key's secrets and of credential shapes, then clips it to `limit` characters. */
export function scrubbedForKey(text: string, key: string, limit = Number.POSITIVE_INFINITY): string {
  const scrubbed = scrubSecrets(text, secretsOfKey(key));
  return scrubbed.length > limit ? `${scrubbed.slice(0, limit)}…` : scrubbed;
}
