import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { resolveSessionSecret } from './platform/session-secret';
import { SessionCodec } from './platform/session';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SQLITE_PATH: './data/switchboard.db',
      NODE_TYPE: 'master',
      databaseKind: 'sqlite',
    });
  });

  it('chooses the database from SQL_DSN', () => {
    const secret = { SESSION_SECRET: 'a-shared-secret-of-enough-length' };
    expect(loadConfig({ SQL_DSN: 'postgres://u@h/db', ...secret }).databaseKind).toBe('postgres');
    expect(loadConfig({ SQL_DSN: 'mysql://u@h/db', ...secret }).databaseKind).toBe('mysql');
  });

  it('refuses SQL_DSN without SESSION_SECRET and says why', () => {
    expect(() => loadConfig({ SQL_DSN: 'postgres://u@h/db' })).toThrow(
      /SESSION_SECRET is required when SQL_DSN is set/,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ SQL_DSN: 'oracle://x' }, /SQL_DSN: must start with postgres/],
    [{ NODE_TYPE: 'worker' }, /NODE_TYPE/],
    [{ REDIS_CONN_STRING: 'localhost:6379' }, /REDIS_CONN_STRING/],
    [{ WORKERS: 'many' }, /WORKERS: must be a whole number of processes/],
    [{ WORKERS: '1.5' }, /WORKERS: must be a whole number of processes/],
    [{ WORKERS: '0' }, /WORKERS: must be at least 1/],
    [{ WORKERS: '2', SQLITE_PATH: ':memory:' }, /WORKERS above 1 needs a database the processes share/],
  ])('names the bad variable in %o', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});

describe('WORKERS', () => {
  it('defaults to one worker per core, and to one with an in-memory database', () => {
    expect(loadConfig({}).WORKERS).toBe(availableParallelism());
    expect(loadConfig({ SQLITE_PATH: ':memory:' }).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).WORKERS).toBe(3);
  });
});

describe('session secret on SQLite', () => {
  it('is generated once and kept beside the database, so a restart keeps sessions valid', () => {
    const directory = mkdtempSync(join(tmpdir(), 'switchboard-secret-'));
    const config = loadConfig({ SQLITE_PATH: join(directory, 'switchboard.db') });
    const first = resolveSessionSecret(config);
    const second = resolveSessionSecret(config);
    expect(second).toBe(first);
    const cookie = new SessionCodec(first).encode({ uid: 7, iat: Math.floor(Date.now() / 1000) });
    expect(new SessionCodec(second).decode(cookie)?.uid).toBe(7);
    expect(new SessionCodec('another-secret-entirely').decode(cookie)).toBeNull();
  });

  it('expires after 30 days', () => {
    const codec = new SessionCodec('x'.repeat(32));
    const now = Math.floor(Date.now() / 1000);
    const cookie = codec.encode({ uid: 1, iat: now - 31 * 24 * 3600 });
    expect(codec.decode(cookie, now)).toBeNull();
  });
});
