import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

type Handler = (message: string) => void | Promise<void>;

/** The topics on the wire between processes; callers use the typed methods of the bus instead. */
const TOPICS = { users: 'users', tokens: 'tokens', channels: 'channels', options: 'option' } as const;

/** Another process that does not acknowledge a change is not waited for longer than this. */
export const ACKNOWLEDGE_TIMEOUT_MS = 5000;

/**
 * Tells caches that data changed (options, channels, tokens, users) so they reload at once instead
 * of polling: `notify` reaches this instance's subscribers and every other instance's; `publish`
 * reaches only the others (for a change this instance has already applied to itself). Both resolve
 * once every process reached has applied the change (one that does not answer is given up on after
 * ACKNOWLEDGE_TIMEOUT_MS), so that a console write answered afterwards is read back through any of them.
 */
export class LocalBus {
  protected readonly handlers = new Map<string, Handler[]>();

  protected notify(topic: string, message = ''): Promise<void> {
    return Promise.all([this.publish(topic, message), this.deliver(topic, message)]).then(() => undefined);
  }

  protected publish(_topic: string, _message = ''): Promise<void> {
    return Promise.resolve();
  }

  protected subscribe(topic: string, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  async close(): Promise<void> {}

  /** A user's row changed (quota, group, status, password, ...): every process drops its copy. */
  userChanged(id: number): Promise<void> {
    return this.notify(TOPICS.users, String(id));
  }

  /** A token changed: every process drops its copy of the token with this key. */
  tokenChanged(key: string): Promise<void> {
    return this.notify(TOPICS.tokens, key);
  }

  /** Channels or their abilities changed: every process reloads its channel index. */
  channelsChanged(): Promise<void> {
    return this.notify(TOPICS.channels);
  }

  /** An option this process has already applied changed: the other processes reload it. */
  optionChangedElsewhere(key: string): Promise<void> {
    return this.publish(TOPICS.options, key);
  }

  onUserChanged(handler: (id: number) => void | Promise<void>): void {
    this.subscribe(TOPICS.users, (message) => handler(Number(message)));
  }

  onTokenChanged(handler: (key: string) => void | Promise<void>): void {
    this.subscribe(TOPICS.tokens, handler);
  }

  onChannelsChanged(handler: () => void | Promise<void>): void {
    this.subscribe(TOPICS.channels, () => handler());
  }

  onOptionChanged(handler: (key: string) => void | Promise<void>): void {
    this.subscribe(TOPICS.options, handler);
  }

  protected async deliver(topic: string, message: string): Promise<void> {
    await Promise.all((this.handlers.get(topic) ?? []).map((handler) => handler(message)));
  }
}

export type InvalidationBus = LocalBus;

interface Envelope {
  from: string;
  topic: string;
  message: string;
  /** the sender's number for this change, which each receiver sends back once it applied it */
  id: number;
}

interface AcknowledgeWait {
  received: number;
  /** how many other subscribers Redis delivered the change to; null until PUBLISH answered */
  expected: number | null;
  resolve: () => void;
}

/** Redis pub/sub between instances; an instance ignores its own messages and acknowledges the others'. */
export class RedisBus extends LocalBus {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private readonly acknowledgeChannel: string;
  private readonly waits = new Map<number, AcknowledgeWait>();
  private nextId = 1;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
  ) {
    super();
    this.channel = `${prefix}invalidate`;
    this.acknowledgeChannel = `${prefix}invalidate-ack`;
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) this.received(raw);
      else if (channel === this.acknowledgeChannel) this.acknowledged(raw);
    });
    await this.subscriber.subscribe(this.channel, this.acknowledgeChannel);
  }

  override publish(topic: string, message = ''): Promise<void> {
    const id = this.nextId;
    this.nextId += 1;
    const envelope: Envelope = { from: this.instanceId, topic, message, id };
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.settle(id, true), ACKNOWLEDGE_TIMEOUT_MS);
      this.waits.set(id, {
        received: 0,
        expected: null,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      this.publisher.publish(this.channel, JSON.stringify(envelope)).then(
        // Our own subscriber is one of the receivers.
        (receivers) => this.expect(id, receivers - 1),
        () => this.settle(id, true),
      );
    });
  }

  override async close(): Promise<void> {
    for (const id of this.waits.keys()) this.settle(id, true);
    await this.subscriber.quit().catch(() => undefined);
  }

  private received(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return; // a malformed message from another version is ignored
    }
    if (envelope.from === this.instanceId) return;
    void this.deliver(envelope.topic, envelope.message)
      .catch(() => undefined)
      .then(() =>
        this.publisher.publish(this.acknowledgeChannel, JSON.stringify({ to: envelope.from, id: envelope.id })),
      )
      .catch(() => undefined);
  }

  private acknowledged(raw: string): void {
    try {
      const { to, id } = JSON.parse(raw) as { to: string; id: number };
      const wait = to === this.instanceId ? this.waits.get(id) : undefined;
      if (!wait) return;
      wait.received += 1;
      this.settle(id);
    } catch {
      // as above
    }
  }

  private expect(id: number, receivers: number): void {
    const wait = this.waits.get(id);
    if (!wait) return;
    wait.expected = receivers;
    this.settle(id);
  }

  private settle(id: number, givenUp = false): void {
    const wait = this.waits.get(id);
    if (!wait) return;
    if (!givenUp && (wait.expected === null || wait.received < wait.expected)) return;
    this.waits.delete(id);
    wait.resolve();
  }
}
