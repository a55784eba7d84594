import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolders } from '../testing/temporary-folders';
import { DurableJournal } from './durable-journal';

/**
 * A killed run's last segment can hold no whole record: the kill came right after a rotation (the new
 * segment is empty) or in the middle of its first write (a torn line). The next run's first segment has
 * the same name; what that run journals must survive the next kill.
 */
describe('the settlement journal after two kills in a row', () => {
  const newFolder = temporaryFolders('segments-test');

  /** A run that journals one record, rotates (its record is not in the database yet) and is killed. */
  async function killedAfterRotation(folder: string): Promise<void> {
    const journal = DurableJournal.open(folder, 'write');
    journal.append('u', '1,5');
    await journal.durable();
    journal.rotate(1);
    journal.close();
  }

  /** The next run: replays (discarding the recovered segments), journals one record, and is killed. */
  async function restartedAndKilled(folder: string): Promise<void> {
    const journal = DurableJournal.open(folder, 'write');
    expect(journal.recovered.map((record) => record.payload)).toEqual(['1,5']);
    journal.discardRecovered();
    journal.append('u', '1,7');
    await journal.durable();
    journal.close();
  }

  it('keeps the records of a run that started over an empty last segment', async () => {
    const folder = newFolder();
    await killedAfterRotation(folder);
    expect(readdirSync(folder).filter((name) => name.startsWith('segment-'))).toHaveLength(2);
    await restartedAndKilled(folder);
    const third = DurableJournal.open(folder, 'write');
    expect(third.recovered.map((record) => record.payload)).toEqual(['1,7']);
    third.close();
  });

  it('keeps them apart from a torn line the last segment held', async () => {
    const folder = newFolder();
    await killedAfterRotation(folder);
    const last = readdirSync(folder)
      .filter((name) => name.startsWith('segment-'))
      .sort()
      .at(-1) as string;
    appendFileSync(join(folder, last), '2\tu\t1,99');
    await restartedAndKilled(folder);
    const third = DurableJournal.open(folder, 'write');
    expect(third.recovered).toEqual([{ seq: 2, type: 'u', payload: '1,7' }]);
    third.close();
  });
});
