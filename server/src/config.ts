import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SQLITE_PATH: z.string().default('./data/switchboard.db'),
  SQL_DSN: z
    .string()
    .regex(/^(postgres|postgresql|mysql):\/\//, 'must start with postgres://, postgresql:// or mysql://')
    .optional(),
  REDIS_CONN_STRING: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
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
});

export type Config = z.infer<typeof environmentSchema> & { databaseKind: DatabaseKind };
export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

/** Thrown for a bad environment; main prints the message and exits. */
export class ConfigError extends Error {}

/** Parses every environment variable once, typed; a bad value is a clear boot error. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
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
  return { ...config, databaseKind };
}
