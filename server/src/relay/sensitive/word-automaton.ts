const UPPER_A = 65;
const ASCII = 128;
/** Above this many states the dense ASCII table (4 bytes x 128 per state) is not built: 8 MB at most. */
const DENSE_STATE_LIMIT = 16_384;
const UPPER_Z = 90;
const CASE_OFFSET = 32;

/** ASCII letters fold to lower case; everything else (CJK included) is matched as written. */
const fold = (code: number) => (code >= UPPER_A && code <= UPPER_Z ? code + CASE_OFFSET : code);

/** A match: the word and where it ends (exclusive) in the text scanned. */
export interface WordMatch {
  word: string;
  end: number;
}

/**
 * Aho-Corasick over a fixed list of words: one pass over a text finds every listed word in it,
 * however many words there are. Built once per word list; `Scanner` carries the position in the
 * automaton from one piece of a stream to the next, so a word split across pieces is still found.
 */
export class WordAutomaton {
  /** per state: character code -> next state */
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  /** per state: the longest word that ends here (directly or through its fail chain), or null */
  private readonly output: Array<string | null> = [null];
  /**
   * The complete transitions on ASCII characters (failure links already followed), row per state, so
   * the common character costs one array read; null for very large lists.
   */
  private dense: Int32Array | null = null;

  constructor(words: readonly string[]) {
    for (const word of words) this.add(word);
    this.link();
  }

  get empty(): boolean {
    return this.next[0]!.size === 0;
  }

  /** Advances from `state` by one character code. */
  step(state: number, code: number): number {
    const folded = fold(code);
    if (folded < ASCII && this.dense) return this.dense[state * ASCII + folded]!;
    let current = state;
    for (;;) {
      const target = this.next[current]!.get(folded);
      if (target !== undefined) return target;
      if (current === 0) return 0;
      current = this.fail[current]!;
    }
  }

  outputOf(state: number): string | null {
    return this.output[state]!;
  }

  /** The first listed word found in `text`, or null. */
  firstIn(text: string): string | null {
    if (this.empty) return null;
    const found = this.scan(text, 0, text.length, 0);
    return typeof found === 'string' ? found : null;
  }

  /**
   * Scans `text` from `from` to `to` starting in `state`: the first listed word found, or the state
   * reached, from which the next piece of the same text goes on. The hot loop of the prompt check, kept flat.
   */
  scan(text: string, from: number, to: number, state: number): string | number {
    const { dense, output } = this;
    let current = state;
    for (let index = from; index < to; index += 1) {
      let code = text.charCodeAt(index);
      if (code >= UPPER_A && code <= UPPER_Z) code += CASE_OFFSET;
      current = dense !== null && code < ASCII ? dense[current * ASCII + code]! : this.step(current, code);
      if (output[current] !== null) return output[current]!;
    }
    return current;
  }

  /** `text` with every listed word replaced by as many asterisks. */
  mask(text: string): string {
    if (this.empty) return text;
    const masked: boolean[] = [];
    let state = 0;
    let any = false;
    for (let index = 0; index < text.length; index += 1) {
      state = this.step(state, text.charCodeAt(index));
      const word = this.output[state];
      if (!word) continue;
      any = true;
      for (let position = index - word.length + 1; position <= index; position += 1) masked[position] = true;
    }
    if (!any) return text;
    let result = '';
    for (let index = 0; index < text.length; index += 1) result += masked[index] ? '*' : text[index];
    return result;
  }

  private add(word: string): void {
    let state = 0;
    for (let index = 0; index < word.length; index += 1) {
      const code = fold(word.charCodeAt(index));
      let target = this.next[state]!.get(code);
      if (target === undefined) {
        target = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.output.push(null);
        this.next[state]!.set(code, target);
      }
      state = target;
    }
    const existing = this.output[state];
    if (!existing || existing.length < word.length) this.output[state] = word;
  }

  /** Breadth-first fail links; a state also reports the longest word of its fail chain. */
  private link(): void {
    const queue: number[] = [...this.next[0]!.values()];
    this.linkFailures(queue);
    if (this.next.length <= DENSE_STATE_LIMIT) this.dense = this.denseTable(queue);
  }

  /** Rows in breadth-first order, so a state's fail state (always shallower) already has its row. */
  private denseTable(breadthFirst: number[]): Int32Array {
    const table = new Int32Array(this.next.length * ASCII);
    for (const [code, target] of this.next[0]!) if (code < ASCII) table[code] = target;
    for (const state of breadthFirst) {
      const row = state * ASCII;
      const fallbackRow = this.fail[state]! * ASCII;
      const own = this.next[state]!;
      for (let code = 0; code < ASCII; code += 1) table[row + code] = own.get(code) ?? table[fallbackRow + code]!;
    }
    return table;
  }

  private linkFailures(queue: number[]): void {
    for (let head = 0; head < queue.length; head += 1) {
      const state = queue[head]!;
      for (const [code, target] of this.next[state]!) {
        queue.push(target);
        let fallback = this.fail[state]!;
        while (fallback !== 0 && !this.next[fallback]!.has(code)) fallback = this.fail[fallback]!;
        const candidate = this.next[fallback]!.get(code);
        this.fail[target] = candidate ?? 0;
        // A word ending here is always longer than one inherited from the (shallower) fail state.
        this.output[target] ??= this.output[this.fail[target]!]!;
      }
    }
  }
}

/** Parses the SensitiveWords option: one word a line, blank lines ignored. */
export const parseWordList = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
