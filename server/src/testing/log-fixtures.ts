import type { ApiEnvelope } from '@switchboard/contract';
import { LogType, type LogEntry } from '../ledger/log-writer';
import { addUser } from './relay-fixtures';
import { signIn, type TestServer } from './test-server';

/** GET and DELETE against /api as one signed-in user, answering the parsed envelope. */
export function consoleCaller(server: TestServer, headers: Record<string, string>, language: 'en' | 'zh' = 'en') {
  const send = async <T>(method: string, path: string): Promise<ApiEnvelope<T>> => {
    const response = await server.call(`/api${path}`, { method, headers: { ...headers, 'accept-language': language } });
    return (await response.json()) as ApiEnvelope<T>;
  };
  return { get: <T>(path: string) => send<T>('GET', path), remove: <T>(path: string) => send<T>('DELETE', path) };
}

export type ConsoleCaller = ReturnType<typeof consoleCaller>;

/** Adds a user with the given role and signs them in. */
export async function signedInCaller(server: TestServer, username: string, role = 1) {
  const id = await addUser(server, username, { role });
  return { id, caller: consoleCaller(server, await signIn(server, username, 'password123')) };
}

/** A consumption entry with the fields a test does not care about filled in. */
export function consumption(userId: number, username: string, values: Partial<LogEntry>): LogEntry {
  return {
    user_id: userId,
    username,
    created_at: 0,
    type: LogType.Consumption,
    content: '',
    token_name: 'main',
    model_name: 'gpt-4o',
    group: 'default',
    channel_id: 1,
    channel_name: 'primary',
    other: '{}',
    ...values,
  };
}

/** Writes the entries through the relay's own log writer and flushes them. */
export async function writeLogs(server: TestServer, entries: LogEntry[]): Promise<void> {
  for (const entry of entries) server.context.logs.write(entry);
  await server.context.logs.flush();
}
