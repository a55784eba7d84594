import { countTokens } from '../../platform/token-counter/token-counter';
import { lastExactCut } from '../../platform/token-counter/piece-count.mjs';

/** Text held before it is sent to be counted and dropped (bounds memory per stream). */
const BLOCK = 16 * 1024;

/**
 * Counts the completion tokens of text seen piece by piece, for streams whose upstream reports no
 * usage. Text is sent to a counting thread in blocks as it arrives (platform/token-counter), each cut
 * where o200k starts a new piece anyway, so the sum is the count of the whole text.
 */
export class CompletionCounter {
  private text = '';
  private counted = 0;
  private readonly pending: Array<Promise<number>> = [];

  add(piece: string): void {
    if (!piece) return;
    this.text += piece;
    if (this.text.length < BLOCK) return;
    const cut = lastExactCut(this.text);
    this.keep(countTokens(this.text.slice(0, cut)));
    this.text = this.text.slice(cut);
  }

  /** The count so far: a promise once any text was seen. */
  tokens(): number | Promise<number> {
    const rest = countTokens(this.text);
    if (this.pending.length === 0 && typeof rest === 'number') return this.counted + rest;
    return Promise.all([...this.pending, rest]).then((counts) =>
      counts.reduce((sum, count) => sum + count, this.counted),
    );
  }

  private keep(count: number | Promise<number>): void {
    if (typeof count === 'number') this.counted += count;
    else this.pending.push(count);
  }
}
