/** Values of bodies parsed before their route ran (large ones, in a thread: relay/body-guard.ts). */
const parsedBodies = new WeakMap<Buffer, { value: unknown } | { error: string }>();

export function rememberParsed(body: Buffer, parsed: { value: unknown } | { error: string }): void {
  parsedBodies.set(body, parsed);
}

/** A JSON body's value, parsed once: taken from the thread that parsed a large body, else parsed here. Throws what the parser threw. */
export function jsonOf(raw: Buffer): unknown {
  const parsed = parsedBodies.get(raw);
  if (!parsed) return JSON.parse(raw.toString('utf8'));
  if ('error' in parsed) throw new SyntaxError(parsed.error);
  return parsed.value;
}
