import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

type Handler = (message: string) => void;

/**
 * Tells the other instances that cached data changed (options, channels, tokens, users), so they
 * reload it at once instead of polling. A single instance has no one to tell.
 */
export interface InvalidationBus {
  publish(topic: string, message: string): void;
  subscribe(topic: string, handler: Handler): void;
  close(): Promise<void>;
}

export class LocalBus implements InvalidationBus {
  publish(): void {}
  subscribe(): void {}
  async close(): Promise<void> {}
}

const CHANNEL = 'switchboard:invalidate';

/** Redis pub/sub; an instance ignores its own messages (it already applied the change). */
export class RedisBus implements InvalidationBus {
  private readonly instanceId = randomUUID();
  private readonly handlers = new Map<string, Handler[]>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {}

  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const envelope = JSON.parse(raw) as { from: string; topic: string; message: string };
        if (envelope.from === this.instanceId) return;
        for (const handler of this.handlers.get(envelope.topic) ?? []) handler(envelope.message);
      } catch {
        // a malformed message from another version is ignored
      }
    });
    await this.subscriber.subscribe(CHANNEL);
  }

  publish(topic: string, message: string): void {
    const raw = JSON.stringify({ from: this.instanceId, topic, message });
    this.publisher.publish(CHANNEL, raw).catch(() => undefined);
  }

  subscribe(topic: string, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
