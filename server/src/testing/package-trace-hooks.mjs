// The module resolution hooks of package-trace.mjs (they run on a thread of the traced process).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

let file = null;
const seen = new Set();

export function initialize({ folder, pid }) {
  file = join(folder, String(pid));
}

/** A bare specifier's package: "fastify", "@fastify/static" (not "node:fs", "./chunk.js", a URL or a path). */
function packageOf(specifier) {
  if (/^(node:|file:|data:|\.|\/)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function resolve(specifier, context, nextResolve) {
  const name = packageOf(specifier);
  if (name && file && !seen.has(name)) {
    seen.add(name);
    appendFileSync(file, `${name}\n`);
  }
  return nextResolve(specifier, context);
}
