import type { ClientSink } from '../client-sink';

/**
 * Passes an answer through to the client but holds back its completion (a whole answer, or the end
 * of a stream) until `complete()`: the relay completes an answer only after its bill is durable, so
 * a client never holds a complete answer that a crash could leave unbilled.
 */
export class HeldAnswer implements ClientSink {
  private completion: (() => void) | null = null;

  constructor(private readonly client: ClientSink) {}

  get gone(): boolean {
    return this.client.gone;
  }

  sendWhole(status: number, contentType: string, body: Buffer): void {
    this.completion = () => this.client.sendWhole(status, contentType, body);
  }

  startStream(): void {
    this.client.startStream();
  }

  flushHead(): void {
    this.client.flushHead();
  }

  write(chunk: Buffer): Promise<void> | void {
    return this.client.write(chunk);
  }

  endStream(last?: Buffer): void {
    this.completion = () => this.client.endStream(last);
  }

  /** Sends what was held. */
  complete(): void {
    const completion = this.completion;
    this.completion = null;
    completion?.();
  }
}
