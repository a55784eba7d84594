import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger';

function appLoggingTo(lines: Array<Record<string, unknown>>) {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, destination),
    disableRequestLogging: true,
    childLoggerFactory: lazyRequestLogger,
  });
  app.get('/quiet', async () => 'ok');
  app.get('/says', async (request) => {
    request.log.info({ detail: 1 }, 'something happened');
    return request.log.level;
  });
  app.get('/errors-only', { logLevel: 'error' }, async (request) => {
    request.log.info('not written');
    request.log.error('written');
    return request.log.level;
  });
  return app;
}

describe('request loggers made on first use', () => {
  it('write lines carrying the request id, and keep a route’s own level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = appLoggingTo(lines);
    await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);

    const says = await app.inject({ url: '/says' });
    expect(says.body).toBe('info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'something happened', detail: 1, reqId: expect.any(String) });

    const errorsOnly = await app.inject({ url: '/errors-only' });
    expect(errorsOnly.body).toBe('error');
    expect(lines.slice(1).map((line) => line.msg)).toEqual(['written']);
    expect(lines[1]?.reqId).not.toBe(lines[0]?.reqId);
    await app.close();
  });
});
