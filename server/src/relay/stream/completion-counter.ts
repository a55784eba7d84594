import { countTokensExactly } from '../billing/estimate';

/** Completion text held before it is counted and dropped (bounds memory per stream). */
const TEXT_BLOCK = 32 * 1024;

/** Counts the completion tokens of text seen piece by piece, for streams whose upstream reports no usage. */
export class CompletionCounter {
  private text = '';
  private counted = 0;

  add(piece: string): void {
    if (!piece) return;
    this.text += piece;
    if (this.text.length >= TEXT_BLOCK) {
      this.counted += countTokensExactly(this.text);
      this.text = '';
    }
  }

  tokens(): number {
    return this.counted + countTokensExactly(this.text);
  }
}
