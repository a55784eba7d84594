import type { OptionStore } from '../../platform/option-store';
import { fill } from '../../platform/text';
import { invalidRequest } from '../relay-error';
import { parseWordList, WordAutomaton } from './word-automaton';
import { messages } from '../../platform/i18n/catalogue';

/** The refusal of a prompt (before any upstream call) or of a completion, in every dialect's error shape. */
export const sensitiveWordsError = (word: string) =>
  invalidRequest(fill(messages.relay.sensitiveWords, { word }), 'sensitive_words_detected');

/** Keys whose values are never prose (names, roles, ids, media data). */
const SKIPPED_KEYS = new Set([
  'model',
  'role',
  'type',
  'id',
  'name',
  'image_url',
  'inline_data',
  'inlineData',
  'file_data',
  'fileData',
  'data',
  'source',
]);

/** The automaton of the SensitiveWords option, built again only when the option's text changes. */
export class SensitiveWords {
  private text: string | null = null;
  private automaton = new WordAutomaton([]);

  constructor(private readonly options: OptionStore) {}

  current(): WordAutomaton {
    const text = this.options.string('SensitiveWords');
    // The option store hands out the same string until the value changes: usually one pointer compare.
    if (text !== this.text) {
      this.automaton = new WordAutomaton(parseWordList(text));
      this.text = text;
    }
    return this.automaton;
  }

  /** The automaton when prompts are checked (CheckSensitiveEnabled and CheckSensitiveOnPromptEnabled), else null. */
  forPrompts(): WordAutomaton | null {
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('CheckSensitiveOnPromptEnabled'))
      return null;
    const automaton = this.current();
    return automaton.empty ? null : automaton;
  }

  /** The automaton when completions are checked (CheckSensitiveEnabled and CheckSensitiveOnCompletionEnabled), else null. */
  forCompletions(): WordAutomaton | null {
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('CheckSensitiveOnCompletionEnabled'))
      return null;
    const automaton = this.current();
    return automaton.empty ? null : automaton;
  }
}

/** Bodies larger than this are checked across turns of the event loop. */
export const SCAN_SLICE = 64 * 1024;
/** How long the check of a large body holds the event loop at most before it lets other calls run. */
const TURN_MS = 8;

/** Every text of a request body the check reads (messages, system, contents, prompt, input...), in order. */
function textsOf(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const key in value) if (!SKIPPED_KEYS.has(key)) textsOf((value as Record<string, unknown>)[key], into);
  }
  return into;
}

/** The first listed word in any text of a request body, or null; one pass over a small body. */
export function firstWordInBody(automaton: WordAutomaton, value: unknown): string | null {
  for (const text of textsOf(value, [])) {
    const word = automaton.firstIn(text);
    if (word) return word;
  }
  return null;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The same check for a large body, SCAN_SLICE characters at a time, letting other calls run whenever
 * TURN_MS have passed, so a body of tens of megabytes does not hold every other call for a second.
 */
export async function firstWordInLargeBody(automaton: WordAutomaton, value: unknown): Promise<string | null> {
  let turnStarted = performance.now();
  for (const text of textsOf(value, [])) {
    let state = 0;
    for (let from = 0; from < text.length; from += SCAN_SLICE) {
      const found = automaton.scan(text, from, Math.min(text.length, from + SCAN_SLICE), state);
      if (typeof found === 'string') return found;
      state = found;
      if (performance.now() - turnStarted >= TURN_MS) {
        await nextTurn();
        turnStarted = performance.now();
      }
    }
  }
  return null;
}
