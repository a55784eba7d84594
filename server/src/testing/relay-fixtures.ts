import { randomBytes } from 'node:crypto';
import { insertReturningId, nowSeconds } from '../db/dialect';
import { hashPassword } from '../platform/password';
import type { TestServer } from './test-server';

/** Test data written straight to the database, then announced as the console would announce it. */
export async function addUser(
  server: TestServer,
  username: string,
  values: { quota?: number; group?: string; role?: number } = {},
) {
  const database = server.context.database;
  return insertReturningId(database.db, database.kind, 'users', {
    username,
    password: await hashPassword('password123'),
    quota: values.quota ?? 0,
    group: values.group ?? 'default',
    role: values.role ?? 1,
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
}

export async function addToken(
  server: TestServer,
  userId: number,
  values: {
    remain?: number;
    unlimited?: boolean;
    status?: number;
    expiredTime?: number;
    modelLimits?: string[];
    allowIps?: string;
    group?: string;
    name?: string;
    rpmLimit?: number;
    tpmLimit?: number;
  } = {},
): Promise<{ id: number; key: string; apiKey: string }> {
  const database = server.context.database;
  const key = randomBytes(36)
    .toString('base64')
    .replace(/[^0-9a-zA-Z]/g, '')
    .padEnd(48, 'x')
    .slice(0, 48);
  const id = await insertReturningId(database.db, database.kind, 'tokens', {
    user_id: userId,
    key,
    name: values.name ?? 'test token',
    status: values.status ?? 1,
    created_time: nowSeconds(),
    expired_time: values.expiredTime ?? -1,
    remain_quota: values.remain ?? 0,
    unlimited_quota: values.unlimited ? 1 : 0,
    model_limits_enabled: values.modelLimits ? 1 : 0,
    model_limits: (values.modelLimits ?? []).join(','),
    allow_ips: values.allowIps ?? '',
    group: values.group ?? '',
    deleted_at: null,
    rpm_limit: values.rpmLimit ?? 0,
    tpm_limit: values.tpmLimit ?? 0,
  });
  return { id, key, apiKey: `sk-${key}` };
}

export interface ChannelValues {
  name?: string;
  type?: number;
  baseUrl: string;
  key?: string;
  models: string[];
  groups?: string[];
  priority?: number;
  weight?: number;
  modelMapping?: Record<string, string>;
  statusCodeMapping?: Record<string, number>;
  autoBan?: boolean;
  maxConcurrency?: number;
  dailyTokenLimit?: number;
  /** channel_info (a multi-key channel: `{is_multi_key: true, multi_key_mode, ...}`) */
  channelInfo?: Record<string, unknown>;
}

export async function addChannel(server: TestServer, values: ChannelValues): Promise<number> {
  const database = server.context.database;
  const groups = values.groups ?? ['default'];
  const id = await insertReturningId(database.db, database.kind, 'channels', {
    type: values.type ?? 1,
    key: values.key ?? 'upstream-key',
    name: values.name ?? 'test channel',
    created_time: nowSeconds(),
    base_url: values.baseUrl,
    models: values.models.join(','),
    group: groups.join(','),
    model_mapping: JSON.stringify(values.modelMapping ?? {}),
    status_code_mapping: JSON.stringify(values.statusCodeMapping ?? {}),
    priority: values.priority ?? 0,
    weight: values.weight ?? 0,
    auto_ban: values.autoBan === false ? 0 : 1,
    other_info: '{}',
    tag: null,
    setting: '{}',
    param_override: '',
    header_override: '',
    max_concurrency: values.maxConcurrency ?? 0,
    daily_token_limit: values.dailyTokenLimit ?? 0,
    ...(values.channelInfo ? { channel_info: JSON.stringify(values.channelInfo) } : {}),
  });
  const abilities = groups.flatMap((group) =>
    values.models.map((model) => ({
      group,
      model,
      channel_id: id,
      enabled: 1,
      priority: values.priority ?? 0,
      weight: values.weight ?? 0,
      tag: null,
    })),
  );
  await database.db.insertInto('abilities').values(abilities).execute();
  await server.context.bus.channelsChanged();
  return id;
}

/** Writes pending balances and logs, as the one-second flush would. */
export async function flushAll(server: TestServer): Promise<void> {
  await server.context.background.drain();
  await server.context.balances.flush();
  await server.context.logs.flush();
}
