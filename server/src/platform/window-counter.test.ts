import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis } from '../testing/private-redis';
import { RedisWindowCounter } from './window-counter';

/*
 * The limit counters in Redis, as several instances share them: the counting of the calls that arrive
 * together costs Redis one command, whatever the number of calls and counters. A redis-server of the
 * test's own is watched with MONITOR (commands a script runs inside Redis are not counted).
 */
describe('the Redis limit counters', () => {
  const server = new PrivateRedis();
  let client: Redis;
  let monitor: Redis;
  const sent: string[] = [];

  beforeAll(async () => {
    await server.start();
    client = new Redis(server.url);
    monitor = await new Redis(server.url).monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua') sent.push(String(args[0]).toLowerCase());
    });
  });

  afterAll(async () => {
    monitor?.disconnect();
    client?.disconnect();
    await server.kill();
  });

  /** The commands sent while `work` runs (MONITOR reports them a moment after Redis ran them). */
  async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
    const marker = new Redis(server.url);
    try {
      await marker.echo('before');
      await expect.poll(() => sent.includes('echo')).toBe(true);
      sent.length = 0;
      await work();
      await marker.echo('after');
      await expect.poll(() => sent.includes('echo')).toBe(true);
      return sent.filter((command) => command !== 'echo');
    } finally {
      marker.disconnect();
    }
  }

  it('counts the requests and tokens of calls that arrive together, and takes their slots, in one command', async () => {
    const counter = new RedisWindowCounter(client, 'counters-batch:');
    await counter.add('warm', 1, 60);
    let answers: unknown[] = [];
    const commands = await commandsOf(async () => {
      answers = await Promise.all([
        ...Array.from({ length: 10 }, () => counter.add('rpm:token:1', 1, 60)),
        ...Array.from({ length: 5 }, (_, index) => counter.add(`tpm:group:${index}`, 100, 60)),
        ...Array.from({ length: 5 }, (_, index) => counter.acquire('channel:7', `call-${index}`, 3, 60)),
        counter.read('rpm:token:1'),
      ]);
    });
    expect(commands).toEqual(['evalsha']);
    expect(answers.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answers.slice(10, 15)).toEqual([100, 100, 100, 100, 100]);
    expect(answers.slice(15, 20)).toEqual([true, true, true, false, false]);
    expect(answers[20]).toBe(10);
  });

  it('gives a slot back and opens no window for a negative amount', async () => {
    const counter = new RedisWindowCounter(client, 'counters-release:');
    expect(await counter.acquire('channel:1', 'a', 1, 60)).toBe(true);
    expect(await counter.acquire('channel:1', 'b', 1, 60)).toBe(false);
    await counter.release('channel:1', 'a');
    expect(await counter.acquire('channel:1', 'b', 1, 60)).toBe(true);
    expect(await counter.add('tpm:token:2', -50, 60)).toBe(0);
    expect(await client.exists('counters-release:tpm:token:2')).toBe(0);
    expect(await client.ttl('counters-release:channel:1')).toBeGreaterThan(0);
  });
});
