import { describe, expect, it } from 'vitest';
import { LoadedEntries } from './loaded-entries';

/** A source whose reads the test answers by hand, counting them. */
function manualSource() {
  const pending: Array<(value: string | null) => void> = [];
  return {
    reads: () => pending.length,
    answer: (index: number, value: string | null) => pending[index]!(value),
    read: () => new Promise<string | null>((resolve) => pending.push(resolve)),
  };
}

/** Entries (room for 10, misses remembered for `missFor` ms) over a source the test answers by hand. */
function manualEntries(missFor = 0) {
  const source = manualSource();
  return { source, entries: new LoadedEntries<string, string>(source.read, 10, missFor) };
}

/** Two callers reading 'k' before the source answers, with a deletion between them when told. */
function twoCallers({ deletionBetween = false } = {}) {
  const { source, entries } = manualEntries();
  const first = entries.read('k');
  if (deletionBetween) entries.delete('k');
  return { source, entries, first, second: entries.read('k') };
}

describe('entries loaded once and kept', () => {
  it('callers asking while an entry loads share one read, and the entry is kept', async () => {
    const { source, entries, first, second } = twoCallers();
    expect(source.reads()).toBe(1);
    source.answer(0, 'v1');
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(entries.inMemory('k')).toBe('v1');
  });

  it('a read that a deletion overtook keeps nothing, so the next caller reads the changed row', async () => {
    const { source, entries, first: stale, second: fresh } = twoCallers({ deletionBetween: true });
    expect(source.reads()).toBe(2);
    source.answer(1, 'after the change');
    source.answer(0, 'before the change');
    expect(await stale).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(entries.inMemory('k')).toBe('after the change');
  });

  it('a read that finds nothing keeps nothing', async () => {
    const { source, entries } = manualEntries();
    const missing = entries.read('k');
    source.answer(0, null);
    expect(await missing).toBeNull();
    expect(entries.inMemory('k')).toBeUndefined();
  });

  it('a miss is remembered while it is fresh, and a deletion forgets it (a token created with that key)', async () => {
    const { source, entries } = manualEntries(60_000);
    const missing = entries.read('k');
    source.answer(0, null);
    await missing;
    expect(entries.inMemory('k')).toBeNull();
    entries.delete('k');
    expect(entries.inMemory('k')).toBeUndefined();
  });

  it('a miss that a deletion overtook is not remembered', async () => {
    const { source, entries } = manualEntries(60_000);
    const stale = entries.read('k');
    entries.delete('k');
    source.answer(0, null);
    expect(await stale).toBeNull();
    expect(entries.inMemory('k')).toBeUndefined();
  });
});
