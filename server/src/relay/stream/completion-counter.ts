import { countTokens, countTokensNow, SYNC_COUNT_LIMIT } from '../../platform/token-counter/token-counter';
import { lastExactCut } from '../../platform/token-counter/piece-count.mjs';

/**
 * Counts the completion tokens of text seen piece by piece, for streams whose upstream reports no
 * usage. Text is counted in blocks of about SYNC_COUNT_LIMIT characters as it arrives (memory per
 * stream stays bounded), each cut where o200k starts a new piece anyway, so the sum is the count of
 * the whole text; a piece longer than a block (one huge event) is counted off the event loop.
 */
export class CompletionCounter {
  private text = '';
  private counted = 0;
  private readonly offLoop: Array<Promise<number>> = [];

  add(piece: string): void {
    if (!piece) return;
    this.text += piece;
    if (this.text.length < SYNC_COUNT_LIMIT) return;
    const cut = lastExactCut(this.text);
    const block = this.text.slice(0, cut);
    this.text = this.text.slice(cut);
    if (block.length <= 2 * SYNC_COUNT_LIMIT) this.counted += countTokensNow(block);
    else this.offLoop.push(countTokens(block));
  }

  /** The count so far; a promise only when part of the text went to a counting thread. */
  tokens(): number | Promise<number> {
    const now = this.counted + countTokensNow(this.text);
    if (this.offLoop.length === 0) return now;
    return Promise.all(this.offLoop).then((counts) => counts.reduce((sum, count) => sum + count, now));
  }
}
