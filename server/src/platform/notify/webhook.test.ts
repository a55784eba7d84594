import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../testing/loopback-server';
import { startTestServer } from '../../testing/test-server';
import { notifierOf } from './notifier';
import { NotifyThrottle } from './throttle';
import { sendWebhook } from './webhook';

let receiver: LoopbackServer;
let received = 0;
let failuresLeft = 0;

beforeAll(async () => {
  receiver = await startLoopbackServer((request, response) => {
    request.resume();
    received += 1;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200).end();
  });
});

afterAll(() => receiver.stop());

const payload = { type: 'quota_warning', title: 't', content: 'c', timestamp: 1 };

describe('notification webhooks', () => {
  it('refuse loopback and private targets, by address or by a name that resolves to one, unless allowed', async () => {
    const port = new URL(receiver.url).port;
    // Every host, a name or a literal, is resolved once by the outbound guard and checked before any connection.
    const targets = [
      receiver.url,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/',
      `http://10.0.0.1:${port}/`,
    ];
    for (const url of targets) {
      const attempt = sendWebhook({ url, secret: '', allowInternal: false }, payload);
      await expect(attempt, url).rejects.toThrow(/may not reach/);
    }
    expect(received).toBe(0);
    await sendWebhook({ url: receiver.url, secret: '', allowInternal: true }, payload);
    expect(received).toBe(1);
  });

  it('try a failing receiver three times in all', async () => {
    received = 0;
    failuresLeft = 2;
    await sendWebhook({ url: receiver.url, secret: 's', allowInternal: true }, payload);
    expect(received).toBe(3);
    received = 0;
    failuresLeft = 3;
    await expect(sendWebhook({ url: receiver.url, secret: 's', allowInternal: true }, payload)).rejects.toThrow(
      'HTTP 503',
    );
    expect(received).toBe(3);
  });

  it('reach an internal receiver from a server started with OUTBOUND_ALLOW_INTERNAL, and only from such a server', async () => {
    received = 0;
    const recipient = { email: '', setting: JSON.stringify({ notify_type: 'webhook', webhook_url: receiver.url }) };
    const notice = {
      type: 'quota_warning' as const,
      title: { zh: '额度', en: 'Quota' },
      content: { zh: '低', en: 'Low' },
    };
    const guarded = await startTestServer();
    const allowing = await startTestServer({ environment: { OUTBOUND_ALLOW_INTERNAL: 'true' } });
    try {
      await expect(notifierOf(guarded.context).send(recipient, notice)).rejects.toThrow(/may not reach/);
      expect(received).toBe(0);
      await notifierOf(allowing.context).send(recipient, notice);
      expect(received).toBe(1);
    } finally {
      await guarded.stop();
      await allowing.stop();
    }
  });
});

describe('the notice throttle', () => {
  it('lets two notices per key through in ten minutes, then one more once the window moved on', () => {
    const throttle = new NotifyThrottle(2, 600_000);
    expect([throttle.take('channel:1', 0), throttle.take('channel:1', 1000), throttle.take('channel:1', 2000)]).toEqual(
      [true, true, false],
    );
    expect(throttle.take('channel:2', 2000)).toBe(true);
    expect(throttle.take('channel:1', 600_001)).toBe(true);
    expect(throttle.take('channel:1', 600_002)).toBe(false);
  });
});
