import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryFolders } from '../testing/temporary-folders';
import { DurableJournal, JournalInUseError } from './durable-journal';

const newFolder = temporaryFolders('journal-ownership');

/** State and start time of a process (Linux /proc), as the journal records its owner. */
function statOf(pid: number): { state: string; startTime: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

const recordOwner = (folder: string, pid: number) =>
  writeFileSync(join(folder, 'owner.pid'), `${pid} ${statOf(pid).startTime}\n`);

describe('who owns the journal folder', () => {
  let parent: ChildProcess | null = null;
  afterEach(() => {
    parent?.kill('SIGKILL');
    parent = null;
  });

  /**
   * A shell that starts a short-lived child and then becomes `sleep`, which never reaps it: the child
   * stays a zombie, like a killed primary whose parent does not wait for it. Answers both pids.
   */
  async function zombieUnderLiveParent(): Promise<{ zombie: number; parentPid: number }> {
    const child = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    parent = child;
    const zombie = await new Promise<number>((resolve) =>
      child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    await expect.poll(() => statOf(zombie).state, { timeout: 5000, interval: 20 }).toBe('Z');
    return { zombie, parentPid: child.pid ?? 0 };
  }

  it('takes over a folder whose recorded owner is a zombie', async () => {
    const folder = newFolder();
    DurableJournal.open(folder, 'write').close();
    const { zombie } = await zombieUnderLiveParent();
    recordOwner(folder, zombie);
    const journal = DurableJournal.open(folder, 'write');
    journal.close();
    expect(readFileSync(join(folder, 'owner.pid'), 'utf8').split(' ')[0]).toBe(String(process.pid));
  });

  it('still refuses a folder whose owner runs', async () => {
    const folder = newFolder();
    DurableJournal.open(folder, 'write').close();
    const { parentPid } = await zombieUnderLiveParent();
    recordOwner(folder, parentPid);
    expect(() => DurableJournal.open(folder, 'write')).toThrow(JournalInUseError);
  });
});

/** The descriptors this process holds open on `path`. */
function descriptorsOn(path: string): string[] {
  const target = (descriptor: string) => {
    try {
      return readlinkSync(`/proc/self/fd/${descriptor}`);
    } catch {
      return null; // the descriptor of the listing itself, closed meanwhile
    }
  };
  return readdirSync('/proc/self/fd').filter((descriptor) => target(descriptor) === path);
}

describe('the rotation of the journal', () => {
  it.each(['write', 'fsync'] as const)(
    'flushes the closed segment off the event loop (sync policy %s)',
    async (sync) => {
      const folder = newFolder();
      const journal = DurableJournal.open(folder, sync);
      journal.append('u', '1,5');
      await journal.durable();
      const segment = join(folder, readdirSync(folder).find((name) => name.startsWith('segment-')) ?? '');
      const flushed = journal.rotate(1);
      // rotate() returned before the flush: the closed segment is still open, its fsync in flight.
      expect(descriptorsOn(segment)).toHaveLength(1);
      await flushed;
      expect(descriptorsOn(segment)).toEqual([]);
      journal.close();
    },
  );
});
