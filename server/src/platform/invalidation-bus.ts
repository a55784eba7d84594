import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

type Handler = (message: string) => void | Promise<void>;

/**
 * Tells caches that data changed (options, channels, tokens, users) so they reload at once instead
 * of polling: `notify` reaches this instance's subscribers and every other instance's; `publish`
 * reaches only the others (for a change this instance has already applied to itself).
 */
export class LocalBus {
  protected readonly handlers = new Map<string, Handler[]>();

  /** Resolves once this instance's subscribers have applied the change (e.g. the channel index reloaded). */
  notify(topic: string, message = ''): Promise<void> {
    this.publish(topic, message);
    return this.deliver(topic, message);
  }

  publish(_topic: string, _message = ''): void {}

  subscribe(topic: string, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  async close(): Promise<void> {}

  protected async deliver(topic: string, message: string): Promise<void> {
    await Promise.all((this.handlers.get(topic) ?? []).map((handler) => handler(message)));
  }
}

export type InvalidationBus = LocalBus;


/** Redis pub/sub between instances; an instance ignores its own messages. */
export class RedisBus extends LocalBus {
  private readonly instanceId = randomUUID();
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
  ) {
    super();
    this.channel = `${prefix}invalidate`;
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const envelope = JSON.parse(raw) as { from: string; topic: string; message: string };
        if (envelope.from !== this.instanceId) void this.deliver(envelope.topic, envelope.message).catch(() => undefined);
      } catch {
        // a malformed message from another version is ignored
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  override publish(topic: string, message = ''): void {
    const raw = JSON.stringify({ from: this.instanceId, topic, message });
    this.publisher.publish(this.channel, raw).catch(() => undefined);
  }

  override async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
