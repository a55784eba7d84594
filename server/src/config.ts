import { availableParallelism } from 'node:os';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SQLITE_PATH: z.string().default('./data/switchboard.db'),
  SQL_DSN: z
    .string()
    .regex(/^(postgres|postgresql|mysql):\/\//, 'must start with postgres://, postgresql:// or mysql://')
    .optional(),
  REDIS_CONN_STRING: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_COOKIE_SECURE: booleanFromEnv.default(false),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  CRITICAL_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CRITICAL_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).default(1200),
  VERSION: z.string().optional(),
  TRUSTED_PROXIES: z.string().optional(),
  REDIS_PREFIX: z.string().default('switchboard:'),
  RELAY_TIMEOUT: z.coerce.number().int().min(0).default(300),
  STREAMING_TIMEOUT: z.coerce.number().int().min(1).default(300),
  /** seconds between two polls of unfinished drawing and async tasks; 0 turns polling off */
  TASK_POLL_INTERVAL_SECONDS: z.coerce.number().min(0).default(15),
  /** minutes after which an unfinished async task (Suno, video) fails and is refunded */
  TASK_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(1440),
  // Background jobs (issue 21): set, they override the monitoring options of the same meaning.
  CHANNEL_TEST_FREQUENCY: z.coerce.number().min(0).optional(),
  CHANNEL_UPDATE_FREQUENCY: z.coerce.number().min(0).optional(),
  LOG_RETENTION_DAYS: z.coerce.number().min(0).optional(),
  NOTIFY_LIMIT_COUNT: z.coerce.number().int().min(1).default(2),
  NOTIFICATION_LIMIT_DURATION_MINUTE: z.coerce.number().min(0).default(10),
  RELAY_BODY_TIMEOUT: z.coerce.number().int().min(1).default(120),
  RELAY_BODY_MEMORY_MB: z.coerce.number().int().min(1).default(512),
  WRITE_BEHIND_MAX_LAG_SECONDS: z.coerce.number().min(1).default(5),
  BILLING_JOURNAL: z.enum(['write', 'fsync', 'off']).default('write'),
  JOURNAL_DIR: z.string().optional(),
  METRICS_ENABLED: booleanFromEnv.default(false),
  /** fetches made for callers (image URLs, drawing images, user webhooks) may reach internal addresses */
  OUTBOUND_ALLOW_INTERNAL: booleanFromEnv.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** worker processes behind one port; unset: one per core */
  WORKERS: z.coerce
    .number({ error: 'must be a whole number of processes' })
    .int('must be a whole number of processes')
    .min(1, 'must be at least 1')
    .max(256, 'must be at most 256')
    .optional(),
});

export type Config = Omit<z.infer<typeof environmentSchema>, 'WORKERS'> & {
  databaseKind: DatabaseKind;
  WORKERS: number;
};
export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

/** Thrown for a bad environment; main prints the message and exits. */
export class ConfigError extends Error {}

/** Parses every environment variable once, typed; a bad value is a clear boot error. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid environment: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  const databaseKind: DatabaseKind = !config.SQL_DSN
    ? 'sqlite'
    : config.SQL_DSN.startsWith('mysql')
      ? 'mysql'
      : 'postgres';
  if (config.SQL_DSN && !config.SESSION_SECRET) {
    throw new ConfigError(
      'SESSION_SECRET is required when SQL_DSN is set: every instance sharing the database must sign sessions with the same secret',
    );
  }
  const inMemory = databaseKind === 'sqlite' && config.SQLITE_PATH === ':memory:';
  if (inMemory && config.WORKERS !== undefined && config.WORKERS > 1) {
    throw new ConfigError('WORKERS above 1 needs a database the processes share: set SQLITE_PATH to a file or SQL_DSN');
  }
  // An in-memory database lives in one process, so the default is then one.
  const workers = config.WORKERS ?? (inMemory ? 1 : availableParallelism());
  return { ...config, databaseKind, WORKERS: workers };
}
