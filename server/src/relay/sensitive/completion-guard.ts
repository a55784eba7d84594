import type { WholeAnswer } from '../providers/provider';
import { sensitiveWordsError } from './sensitive-words';
import type { WordAutomaton } from './word-automaton';

/** Keys of stream events that carry completion text: OpenAI `delta.content`, Anthropic `delta.text`, Gemini `parts[].text`, Responses `delta`. */
const TEXT_KEYS = new Set(['content', 'text', 'delta']);
const DATA_PREFIX = 'data:';
/** Splits after each blank line (`\n\n` or Gemini's `\r\n\r\n`), keeping the separators. */
const EVENT_END = /(?<=\r?\n\r?\n)/;

/**
 * Watches one answer for the SensitiveWords (CheckSensitiveOnCompletionEnabled). A whole answer is
 * refused (StopOnSensitiveEnabled) or has the words masked; a stream is followed event by event and,
 * with StopOnSensitiveEnabled, cut at the event that completes a word: that event is withheld and the
 * client gets an error event instead.
 */
export class CompletionGuard {
  private state = 0;
  /** the word that stopped the stream, once one did */
  tripped: string | null = null;

  constructor(
    private readonly automaton: WordAutomaton,
    private readonly stop: boolean,
  ) {}

  /** The answer to send: unchanged, masked, or a thrown refusal. */
  whole(answer: WholeAnswer): WholeAnswer {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return answer;
    }
    if (!this.scan(parsed)) return answer;
    if (this.stop) throw sensitiveWordsError(this.tripped ?? '');
    return { ...answer, body: Buffer.from(JSON.stringify(this.masked(parsed))) };
  }

  /**
   * The part of `out` (whole SSE events in the client's dialect) to send; once a word appears the
   * events from the one completing it on are held back and `tripped` is set. Without
   * StopOnSensitiveEnabled streams pass unchanged.
   */
  stream(out: Buffer): Buffer {
    if (!this.stop || this.tripped || out.length === 0) return this.tripped ? Buffer.alloc(0) : out;
    const text = out.toString('utf8');
    let sent = 0;
    for (const event of text.split(EVENT_END)) {
      if (this.eventTrips(event)) return Buffer.from(text.slice(0, sent));
      sent += event.length;
    }
    return out;
  }

  error() {
    return sensitiveWordsError(this.tripped ?? '');
  }

  private eventTrips(event: string): boolean {
    for (const line of event.split(/\r?\n/)) {
      if (!line.startsWith(DATA_PREFIX)) continue;
      const data = line.slice(DATA_PREFIX.length).trim();
      if (!data.startsWith('{')) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      if (this.scan(parsed)) return true;
    }
    return false;
  }

  /** Feeds the event's text pieces through the automaton, keeping its state across events. */
  private scan(value: unknown, key = ''): boolean {
    if (typeof value === 'string') {
      if (!TEXT_KEYS.has(key)) return false;
      for (let index = 0; index < value.length; index += 1) {
        this.state = this.automaton.step(this.state, value.charCodeAt(index));
        const word = this.automaton.outputOf(this.state);
        if (word) {
          this.tripped = word;
          return true;
        }
      }
      return false;
    }
    if (Array.isArray(value)) return value.some((item) => this.scan(item, key));
    if (value && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) if (this.scan(child, childKey)) return true;
    }
    return false;
  }

  /** The answer with the words of its completion text masked (the JSON keys and other fields untouched). */
  private masked(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return TEXT_KEYS.has(key) ? this.automaton.mask(value) : value;
    if (Array.isArray(value)) return value.map((item) => this.masked(item, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([childKey, child]) => [childKey, this.masked(child, childKey)]),
      );
    }
    return value;
  }
}
