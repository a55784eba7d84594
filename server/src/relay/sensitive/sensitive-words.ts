import type { OptionStore } from '../../platform/option-store';
import { fill } from '../../platform/text';
import { RelayError } from '../relay-error';
import { parseWordList, WordAutomaton } from './word-automaton';
import { messages } from '../../platform/i18n/catalogue';

/** The refusal of a prompt (before any upstream call) or of a completion, in every dialect's error shape. */
export const sensitiveWordsError = (word: string) =>
  new RelayError(fill(messages.relay.sensitiveWords, { word }), 400, 'sensitive_words_detected', 'invalid_request_error');

/** Keys whose values are never prose (names, roles, ids, media data). */
const SKIPPED_KEYS = new Set(['model', 'role', 'type', 'id', 'name', 'image_url', 'inline_data', 'inlineData', 'file_data', 'fileData', 'data', 'source']);

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
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('CheckSensitiveOnPromptEnabled')) return null;
    const automaton = this.current();
    return automaton.empty ? null : automaton;
  }

  /** The automaton when completions are checked (CheckSensitiveEnabled and CheckSensitiveOnCompletionEnabled), else null. */
  forCompletions(): WordAutomaton | null {
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('CheckSensitiveOnCompletionEnabled')) return null;
    const automaton = this.current();
    return automaton.empty ? null : automaton;
  }
}

/** The first listed word in any text of a request body (messages, system, contents, prompt, input...), or null. */
export function firstWordInBody(automaton: WordAutomaton, value: unknown): string | null {
  if (typeof value === 'string') return automaton.firstIn(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const word = firstWordInBody(automaton, item);
      if (word) return word;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const key in value) {
      if (SKIPPED_KEYS.has(key)) continue;
      const word = firstWordInBody(automaton, (value as Record<string, unknown>)[key]);
      if (word) return word;
    }
  }
  return null;
}
