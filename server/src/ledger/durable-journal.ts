import { randomBytes } from 'node:crypto';
import {
  close,
  closeSync,
  fdatasync,
  fsync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { JournalLine } from './journal-record';

/**
 * When an appended record counts as durable. `write`: once write(2) put it in the operating system's
 * page cache, which survives any death of the process (SIGKILL, OOM kill, a crash) but not a power
 * cut; segments are fsynced when they are closed, about once a second. `fsync`: after fdatasync, which
 * also survives a power cut, at the price of a disk flush per group of calls.
 */
export type JournalSync = 'write' | 'fsync';

interface Segment {
  path: string;
  descriptor: number;
  firstSeq: number;
  lastSeq: number;
  /** flushes of it in flight; a retiring segment's descriptor closes once none is */
  flushing: number;
  state: 'current' | 'retiring' | 'closed';
}

/** What the relay waits on before it completes an answer: the journal, here or in the cluster primary. */
export interface Durability {
  /** Resolves once every record appended so far is durable. */
  durable(): Promise<void>;
}

/** Where the journal reports a write it could not make (the server's pino logger fits). */
export interface JournalReporter {
  error(details: object, message: string): void;
}

/** Journal folder already used by a live process (two instances must never share one). */
export class JournalInUseError extends Error {}

/** The fields of /proc/<pid>/stat after the command name (state first), or null where /proc does not tell. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The process's start time (Linux /proc), so that a reused pid is not taken for the old owner. */
const startTimeOf = (pid: number): string | null => statFields(pid)?.[19] ?? null;

/**
 * Whether the process runs: a zombie (state Z, dead but not yet reaped by its parent, as a killed
 * primary in a container without an init may stay) writes nothing and counts as dead.
 */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return statFields(pid)?.[0] !== 'Z';
}

/**
 * The other process that owns the journal folder and still runs (the pid recorded in `owner.pid`,
 * with the same start time where /proc tells), or null.
 */
export function liveOwner(directory: string): number | null {
  let recorded: string[] = [];
  try {
    recorded = readFileSync(join(directory, 'owner.pid'), 'utf8').trim().split(' ');
  } catch {
    recorded = [];
  }
  const owner = Number(recorded[0] ?? 0);
  const ownerStart = recorded[1];
  const running =
    owner > 0 &&
    owner !== process.pid &&
    processAlive(owner) &&
    (ownerStart === undefined || startTimeOf(owner) === ownerStart);
  return running ? owner : null;
}

/** Writes our pid and start time into `owner.pid`; refuses when another process that owns it still runs. */
function claimDirectory(directory: string): void {
  const owner = liveOwner(directory);
  if (owner !== null) {
    throw new JournalInUseError(
      `the settlement journal ${directory} belongs to the running process ${owner}; give each instance its own JOURNAL_DIR`,
    );
  }
  writeFileSync(join(directory, 'owner.pid'), `${`${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim()}\n`);
}

const SEGMENT = /^segment-(\d+)\.log$/;
const segmentName = (firstSeq: number) => `segment-${String(firstSeq).padStart(16, '0')}.log`;

/** Reads the records of earlier runs; a torn last line (the process died mid-write) is left out. */
function readSegment(path: string): JournalLine[] {
  const text = readFileSync(path, 'utf8');
  const records: JournalLine[] = [];
  const end = text.lastIndexOf('\n');
  for (const line of text.slice(0, end + 1).split('\n')) {
    const first = line.indexOf('\t');
    const second = line.indexOf('\t', first + 1);
    if (first <= 0 || second < 0) continue;
    records.push({
      seq: Number(line.slice(0, first)),
      type: line.slice(first + 1, second),
      payload: line.slice(second + 1),
    });
  }
  return records;
}

/**
 * An append-only local journal of everything the write-behind writers hold in memory (balance deltas,
 * usage counters, log rows), so that a call answered before a crash is written after the restart.
 * Records are numbered; appends within one turn of the event loop are written together (group
 * commit), and `durable()` resolves once everything appended so far is written. The journal is cut
 * into segments; a segment is deleted once the database holds all its records.
 */
export class DurableJournal implements Durability {
  private buffer: string[] = [];
  private nextSeq: number;
  private durableSeq: number;
  private scheduled = false;
  private waiters: Array<{ seq: number; resolve: () => void }> = [];
  private current: Segment;
  private closed: Segment[] = [];
  private recoveredPaths: string[];
  private reporter: JournalReporter = { error: () => undefined };

  private constructor(
    private readonly directory: string,
    private readonly sync: JournalSync,
    /** Names this instance's marks in the database; kept in the journal folder across restarts. */
    readonly instanceId: string,
    /** Records left by earlier runs, in order, for the replay at start. */
    readonly recovered: JournalLine[],
    recoveredPaths: string[],
  ) {
    this.recoveredPaths = recoveredPaths;
    const lastSeq = recovered.at(-1)?.seq ?? 0;
    this.nextSeq = lastSeq + 1;
    this.durableSeq = lastSeq;
    this.current = this.openSegment();
  }

  /** Opens (or creates) the journal in `directory` and reads what earlier runs left. */
  static open(directory: string, sync: JournalSync): DurableJournal {
    mkdirSync(directory, { recursive: true });
    claimDirectory(directory);
    const idFile = join(directory, 'instance-id');
    let instanceId: string;
    try {
      instanceId = readFileSync(idFile, 'utf8').trim();
    } catch {
      instanceId = randomBytes(8).toString('hex');
      writeFileSync(idFile, `${instanceId}\n`);
    }
    const paths = readdirSync(directory)
      .filter((name) => SEGMENT.test(name))
      .sort()
      .map((name) => join(directory, name));
    const recovered = paths.flatMap(readSegment);
    return new DurableJournal(directory, sync, instanceId, recovered, paths);
  }

  /** Sends later write failures to this logger. */
  reportTo(reporter: JournalReporter): void {
    this.reporter = reporter;
  }

  /** Continues numbering after `seq` (a mark in the database may be ahead of an emptied journal). */
  continueAfter(seq: number): void {
    if (seq >= this.nextSeq) {
      this.nextSeq = seq + 1;
      this.durableSeq = Math.max(this.durableSeq, seq);
    }
  }

  /** Queues one record (the payload holds no newline; journal-record.ts encodes them); returns its number. */
  append(type: string, payload: string): number {
    const seq = this.nextSeq;
    this.nextSeq += 1;
    this.buffer.push(`${seq}\t${type}\t${payload}\n`);
    this.current.lastSeq = seq;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.writeGroup());
    }
    return seq;
  }

  /** Resolves once every record appended so far is durable under the sync policy. */
  durable(): Promise<void> {
    const seq = this.nextSeq - 1;
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  /**
   * Closes the current segment and starts a new one, then deletes closed segments whose records all
   * lie below `oldestPending`, the oldest record a writer has not yet written. The closed segment is
   * fsynced off the event loop; the answer resolves once it is flushed and its descriptor closed.
   */
  rotate(oldestPending: number): Promise<void> {
    this.writeGroup();
    let flushed = Promise.resolve();
    if (this.current.lastSeq >= this.current.firstSeq) {
      try {
        const next = this.openSegment();
        flushed = this.retire(this.current);
        this.closed.push(this.current);
        this.current = next;
      } catch (error) {
        this.reporter.error({ err: error }, 'settlement journal segment could not be rotated');
      }
    }
    this.closed = this.closed.filter((segment) => {
      if (segment.lastSeq >= oldestPending) return true;
      try {
        unlinkSync(segment.path);
      } catch (error) {
        this.reporter.error({ err: error, path: segment.path }, 'settlement journal segment could not be deleted');
      }
      return false;
    });
    return flushed;
  }

  /** Deletes the segments of earlier runs, once their records are in the database. */
  discardRecovered(): void {
    for (const path of this.recoveredPaths) unlinkSync(path);
    this.recoveredPaths = [];
  }

  /** Writes what is queued, fsyncs and closes the current segment (at shutdown, when blocking is fine). */
  close(): void {
    this.writeGroup();
    this.current.state = 'closed';
    fsyncSync(this.current.descriptor);
    closeSync(this.current.descriptor);
  }

  /**
   * Flushes a segment that takes no more records, off the event loop (a disk flush can take long while
   * the disk is busy), then closes it. Nothing waits for this flush: under `write` it only shortens
   * what a power cut could take, and under `fsync` each group's own fdatasync made its records durable.
   * The descriptor stays open until the groups' flushes still in flight on it are done.
   */
  private retire(segment: Segment): Promise<void> {
    segment.state = 'retiring';
    return new Promise((resolve) => {
      segment.flushing += 1;
      fsync(segment.descriptor, (error) => {
        if (error)
          this.reporter.error({ err: error, path: segment.path }, 'settlement journal segment could not be flushed');
        this.flushEnded(segment, resolve);
      });
    });
  }

  private flushEnded(segment: Segment, then: () => void = () => undefined): void {
    segment.flushing -= 1;
    if (segment.state !== 'retiring' || segment.flushing > 0) return then();
    segment.state = 'closed';
    close(segment.descriptor, () => then());
  }

  private openSegment(): Segment {
    const firstSeq = this.nextSeq;
    const path = join(this.directory, segmentName(firstSeq));
    // A killed run's last segment holds no whole record when it has this name (the kill came right after
    // a rotation, or tore its first line): it is emptied and taken over, not deleted with the recovered ones.
    const takenOver = this.recoveredPaths.includes(path);
    if (takenOver) this.recoveredPaths = this.recoveredPaths.filter((recovered) => recovered !== path);
    return {
      path,
      descriptor: openSync(path, takenOver ? 'w' : 'a'),
      firstSeq,
      lastSeq: firstSeq - 1,
      flushing: 0,
      state: 'current',
    };
  }

  private writeGroup(): void {
    this.scheduled = false;
    if (this.buffer.length === 0) return;
    const text = this.buffer.join('');
    const lastSeq = this.nextSeq - 1;
    this.buffer = [];
    try {
      writeSync(this.current.descriptor, text);
    } catch (error) {
      // The records stay in memory with the writers; only their crash safety is lost.
      this.reporter.error({ err: error, lastSeq }, 'settlement journal write failed; calls since are not crash-safe');
    }
    if (this.sync === 'write') return this.reach(lastSeq);
    const segment = this.current;
    segment.flushing += 1;
    fdatasync(segment.descriptor, (error) => {
      // After close() (the shutdown), whose fsync covered these records, the descriptor is gone.
      if (error && segment.state !== 'closed')
        this.reporter.error({ err: error, lastSeq }, 'settlement journal fsync failed');
      this.reach(lastSeq);
      this.flushEnded(segment);
    });
  }

  private reach(seq: number): void {
    if (seq <= this.durableSeq) return;
    this.durableSeq = seq;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.seq <= seq) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
