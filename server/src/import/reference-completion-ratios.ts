/**
 * The completion ratio the reference product of the spec's era billed a model with. It does not read
 * its `CompletionRatio` option first: built-in rules come before it. A "locked" rule ignores the
 * option; an unlocked one is the fallback when the option has no entry; a name with "/" takes the
 * option's entry first. Switchboard bills from one explicit table, so the import writes the outcome
 * for every model the reference could bill (reference notes §3.7; issue 31).
 */

interface BuiltInRatio {
  ratio: number;
  locked: boolean;
}

const locked = (ratio: number): BuiltInRatio => ({ ratio, locked: true });
const fallback = (ratio: number): BuiltInRatio => ({ ratio, locked: false });

/** The stored default of the reference's `CompletionRatio` option: what it billed with when the option was never saved. */
export const REFERENCE_DEFAULT_COMPLETION_RATIOS: Readonly<Record<string, number>> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
};

/** Exact names with a locked ratio of their own. */
const EXACT: Readonly<Record<string, number>> = {
  'chatgpt-4o-latest': 3,
  'command-r': 3,
  'command-r-plus': 5,
  'llama2-70b-4096': 0.8 / 0.64,
  'llama3-8b-8192': 2,
  'llama3-70b-8192': 0.79 / 0.59,
};

/** Locked ratios by name prefix, checked in order after the gpt-4 family. */
const BY_PREFIX: ReadonlyArray<[prefix: string, ratio: number]> = [
  ['o1', 4],
  ['o3', 4],
  ['mistral-', 3],
  ['gemini-', 4],
  ['command', 4],
  ['ERNIE-Speed-', 2],
  ['ERNIE-Lite-', 2],
  ['ERNIE-Character', 2],
  ['ERNIE-Functions', 2],
];

/** Gizmo models share one entry per family in the reference's tables. */
export function referenceMatchingName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}

function gpt4Family(name: string): BuiltInRatio {
  if (name.startsWith('gpt-4o')) return locked(name === 'gpt-4o-2024-05-13' ? 3 : 4);
  if (name.startsWith('gpt-4.5-preview')) return locked(2);
  if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106') || name.endsWith('gpt-4-1105')) return locked(3);
  return fallback(2);
}

function gpt35Family(name: string): BuiltInRatio {
  if (name === 'gpt-3.5-turbo' || name.endsWith('0125')) return locked(3);
  if (name.endsWith('1106')) return locked(2);
  return locked(4 / 3);
}

/** The reference's built-in rule for a model name (already matched with referenceMatchingName). */
export function builtInCompletionRatio(name: string): BuiltInRatio {
  if (name.startsWith('gpt-4') && !name.endsWith('-all') && !name.endsWith('-gizmo-*')) return gpt4Family(name);
  if (name.startsWith('gpt-3.5')) return gpt35Family(name);
  const exact = EXACT[name];
  if (exact !== undefined) return locked(exact);
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return locked(3);
  if (name.includes('claude-3')) return locked(5);
  const lowered = name.toLowerCase();
  if (lowered === 'deepseek-chat' || lowered === 'deepseek-reasoner') return locked(4);
  const prefixed = BY_PREFIX.find(([prefix]) => name.startsWith(prefix));
  return prefixed ? locked(prefixed[1]) : fallback(1);
}

/**
 * The completion ratio the reference billed `model` with, given its stored `CompletionRatio` option
 * (which it reads by the name as called; only its built-in rules match gizmo names by family).
 */
export function referenceCompletionRatio(model: string, stored: Readonly<Record<string, number>>): number {
  const own = stored[model];
  const hasOwn = typeof own === 'number' && Number.isFinite(own) && own >= 0;
  if (model.includes('/') && hasOwn) return own;
  const builtIn = builtInCompletionRatio(referenceMatchingName(model));
  if (builtIn.locked) return builtIn.ratio;
  return hasOwn ? own : builtIn.ratio;
}

/** The effective table for every model named: what the reference billed each with. */
export function effectiveCompletionRatios(
  models: Iterable<string>,
  stored: Readonly<Record<string, number>>,
): Record<string, number> {
  const table: Record<string, number> = {};
  for (const model of [...new Set(models)].sort()) table[model] = referenceCompletionRatio(model, stored);
  return table;
}
