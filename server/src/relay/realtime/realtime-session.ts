import type WebSocket from 'ws';
import type { RawData } from 'ws';
import { fill, type Language, type Text } from '../../platform/text';
import { RelayError } from '../relay-error';
import type { RealtimeBill, SessionFacts } from './realtime-billing';
import { readFrame, type TurnUsage } from './realtime-frames';
import { RealtimeTurns } from './realtime-turns';
import { messages } from '../../platform/i18n/catalogue';

/** A side whose socket holds this many unsent bytes stops the other side's reading until it is down to LOW_WATER. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;
/** How long a side may take to answer a close before its socket is cut. */
const CLOSE_GRACE_MS = 5000;

/** Close codes a peer may send (1005, 1006 and 1015 only describe a close). */
const sendableCode = (code: number) =>
  code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

type Side = 'client' | 'upstream';
interface Pending {
  data: Buffer;
  binary: boolean;
}

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * One open realtime session: frames relayed both ways with backpressure, the client's and the
 * upstream's events read for the bill, each `response.done` charged (and durable) before it reaches
 * the client, and either side's close or error closing the other. A frame that is not an event, or a
 * turn the balance cannot cover, ends the session with an OpenAI-style error event.
 */
export class RealtimeSession {
  private readonly turns = new RealtimeTurns();
  private readonly downstream: Pending[] = [];
  /** a `response.done` is being charged: the upstream's frames wait behind it */
  private charging = false;
  /** the client's socket is backed up */
  private clientFull = false;
  private ended = false;
  private countedLocally = false;
  private firstEventMs = -1;
  private billing: Promise<unknown> = Promise.resolve();
  readonly finished: Promise<void>;
  private finish: () => void = () => undefined;

  constructor(
    private readonly client: WebSocket,
    private readonly upstream: WebSocket,
    private readonly bill: RealtimeBill,
    private readonly facts: Omit<SessionFacts, 'firstEventMs' | 'interrupted' | 'countedLocally'>,
    private readonly language: Language,
    /** where a failure of the session's bill is reported */
    private readonly report: (error: unknown) => void,
  ) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
    client.on('message', (data, binary) => this.fromClient(asBuffer(data), binary));
    upstream.on('message', (data, binary) => {
      if (this.firstEventMs < 0) this.firstEventMs = Date.now() - facts.started;
      this.downstream.push({ data: asBuffer(data), binary });
      this.pump();
    });
    client.on('close', (code, reason) => this.end('client', code, reason.toString()));
    upstream.on('close', (code, reason) => this.end('upstream', code, reason.toString()));
    client.on('error', () => this.end('client', 1011, ''));
    upstream.on('error', (error) =>
      this.failWith(fill(messages.realtime.upstreamGone, { detail: error.message }), 'upstream_error', 1011),
    );
    upstream.resume();
  }

  /** Ends the session from outside (a shutdown): the client hears why. */
  cut(text: Text): void {
    this.failWith(text, 'server_shutting_down', 1001);
  }

  private fromClient(data: Buffer, binary: boolean): void {
    if (this.ended) return;
    if (!binary) {
      const frame = readFrame(data);
      if (frame.kind === 'bad')
        return this.failWith(fill(messages.realtime.badFrame, { detail: frame.detail }), 'invalid_event', 1007);
      this.turns.fromClient(frame);
    }
    this.send(this.upstream, data, binary, 'client');
  }

  /** Passes the upstream's frames on in order; a `response.done` holds the rest until its turn is charged. */
  private pump(): void {
    while (!this.charging && !this.ended && this.downstream.length > 0) {
      const next = this.downstream.shift() as Pending;
      if (next.binary) {
        this.send(this.client, next.data, true, 'upstream');
        continue;
      }
      const frame = readFrame(next.data);
      if (frame.kind === 'bad')
        return this.failWith(fill(messages.realtime.badFrame, { detail: frame.detail }), 'invalid_event', 1007);
      const read = this.turns.fromUpstream(frame);
      if (!read.done) {
        this.send(this.client, next.data, false, 'upstream');
        continue;
      }
      this.charging = true;
      this.upstream.pause();
      if (!read.usage) this.countedLocally = true;
      const usage = this.turns.endTurn(read.usage);
      this.billing = this.billing
        .then(() => this.chargeTurn(usage))
        .then(
          (charged) => {
            this.charging = false;
            if (!charged || this.ended) return;
            this.send(this.client, next.data, false, 'upstream');
            if (!this.clientFull) this.upstream.resume();
            this.pump();
          },
          (error: unknown) =>
            this.failWith(
              fill(messages.realtime.upstreamGone, { detail: (error as Error).message }),
              'api_error',
              1011,
            ),
        );
    }
  }

  /** Charges a finished turn. False when the balance could not cover it and the session had to end. */
  private async chargeTurn(usage: TurnUsage | Promise<TurnUsage>): Promise<boolean> {
    try {
      await this.bill.chargeTurn(await usage, this.facts.channel.id);
      return true;
    } catch (error) {
      if (!(error instanceof RelayError)) throw error;
      this.failWith(fill(messages.realtime.quotaEnded, { detail: error.text[this.language] }), error.code, 1008);
      return false;
    }
  }

  private send(target: WebSocket, data: Buffer, binary: boolean, from: Side): void {
    if (target.readyState !== target.OPEN) return;
    const source = from === 'client' ? this.client : this.upstream;
    target.send(data, { binary }, () => {
      if (target.bufferedAmount > LOW_WATER || this.ended) return;
      if (from === 'upstream') {
        this.clientFull = false;
        if (!this.charging) source.resume();
      } else source.resume();
    });
    if (target.bufferedAmount > HIGH_WATER) {
      if (from === 'upstream') this.clientFull = true;
      source.pause();
    }
  }

  /** Sends the client an OpenAI-style error event, then closes both sides. */
  private failWith(text: Text, code: string, closeCode: number): void {
    if (this.ended) return;
    if (this.client.readyState === this.client.OPEN) {
      const event = {
        type: 'error',
        event_id: `event_${this.facts.requestId}`,
        error: { type: 'invalid_request_error', code, message: text[this.language], param: null, event_id: null },
      };
      this.client.send(JSON.stringify(event));
    }
    this.end('upstream', closeCode, code);
  }

  /** Closes the other side the way this one closed, then settles the session's bill (once). */
  private end(from: Side, code: number, reason: string): void {
    if (this.ended) return;
    this.ended = true;
    const closeCode = sendableCode(code) ? code : from === 'upstream' ? 1011 : 1000;
    const closing = Buffer.byteLength(reason) <= 123 ? reason : '';
    for (const socket of [this.client, this.upstream]) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(closeCode, closing);
    }
    const interrupted = this.turns.pending;
    const remainder = interrupted ? this.turns.endTurn(null) : null;
    this.billing = this.billing
      .then(async () => {
        // What was said after the last finished turn is charged from the local estimate (the balance may refuse it).
        if (remainder) {
          this.countedLocally = true;
          await this.bill.chargeTurn(await remainder, this.facts.channel.id).catch((error: unknown) => {
            if (!(error instanceof RelayError)) throw error;
          });
        }
        await this.bill.close({
          ...this.facts,
          firstEventMs: this.firstEventMs,
          interrupted,
          countedLocally: this.countedLocally,
        });
      })
      .catch(this.report)
      .finally(() => this.finish());
    // A peer that never answers the close is cut after CLOSE_GRACE_MS; the timer goes as soon as both are closed.
    const open = [this.client, this.upstream].filter((socket) => socket.readyState !== socket.CLOSED);
    if (open.length === 0) return;
    const cut = setTimeout(() => {
      for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
    }, CLOSE_GRACE_MS);
    cut.unref();
    let waiting = open.length;
    for (const socket of open) {
      socket.once('close', () => {
        waiting -= 1;
        if (waiting === 0) clearTimeout(cut);
      });
    }
  }
}
