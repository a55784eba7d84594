import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config';

/**
 * The secret that signs sessions. Configured instances must share SESSION_SECRET (config.ts refuses
 * SQL_DSN without it); a lone SQLite install generates one and keeps it beside the database file so
 * a restart keeps everyone signed in.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const directory = config.SQLITE_PATH === ':memory:' ? null : dirname(config.SQLITE_PATH);
  if (!directory) return randomBytes(32).toString('hex');
  const file = join(directory, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  mkdirSync(directory, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
