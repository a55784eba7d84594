import type { AppContext } from '../../app-context';
import type { ParsedBody } from '../formats/request-body';
import { CompletionGuard } from './completion-guard';
import {
  firstWordInBody,
  firstWordInLargeBody,
  SCAN_SLICE,
  sensitiveWordsError,
  type SensitiveWords,
} from './sensitive-words';

/**
 * Refuses a request whose prompt holds a sensitive word, before anything is reserved or sent upstream.
 * A body larger than one scan slice is checked across turns of the event loop: then a promise, else nothing.
 */
export function refuseSensitivePrompt(words: SensitiveWords, body: ParsedBody): Promise<void> | void {
  const automaton = body.json ? words.forPrompts() : null;
  if (!automaton) return;
  if (body.raw.length > SCAN_SLICE) {
    return firstWordInLargeBody(automaton, body.json).then((word) => {
      if (word) throw sensitiveWordsError(word);
    });
  }
  const word = firstWordInBody(automaton, body.json);
  if (word) throw sensitiveWordsError(word);
}

/** A guard for one attempt's completion when completions are checked, else null. */
export function completionGuardOf(context: AppContext, words: SensitiveWords): CompletionGuard | null {
  const automaton = words.forCompletions();
  return automaton ? new CompletionGuard(automaton, context.options.boolean('StopOnSensitiveEnabled')) : null;
}
