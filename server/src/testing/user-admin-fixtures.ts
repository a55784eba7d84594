import type { ApiEnvelope, PageData, UserManageAction, UserManageResult, UserView } from '@switchboard/contract';
import { toNumber } from '../db/dialect';
import { consoleClient } from './console-client';
import { addUser } from './relay-fixtures';
import { signIn, type TestServer } from './test-server';

/** Password of every user `addUser` writes. */
export const FIXTURE_PASSWORD = 'password123';

/** The user administration calls, as one signed-in console client makes them (in English unless asked otherwise). */
export function userAdminClient(server: TestServer, headers: Record<string, string>, language: 'en' | 'zh' = 'en') {
  const call = consoleClient(server, headers, language);
  const send = <T>(method: string, path: string, body?: unknown): Promise<ApiEnvelope<T>> =>
    call<T>(method, `/user${path}`, body);
  return {
    list: (query = '') => send<PageData<UserView>>('GET', `/${query}`),
    search: (query: string) => send<PageData<UserView>>('GET', `/search?${query}`),
    get: (id: number) => send<UserView>('GET', `/${id}`),
    create: (body: Record<string, unknown>) => send<undefined>('POST', '/', body),
    update: (body: Record<string, unknown>) => send<undefined>('PUT', '/', body),
    manage: (id: number, action: UserManageAction) => send<UserManageResult>('POST', '/manage', { id, action }),
  };
}

export type UserAdminClient = ReturnType<typeof userAdminClient>;

/** A new user at `role`, signed in. */
export async function signInNewUser(server: TestServer, username: string, role: number) {
  const id = await addUser(server, username, { role });
  return { id, headers: await signIn(server, username, FIXTURE_PASSWORD) };
}

/** What the database holds of a user's standing (deregistered as a flag). */
export async function storedStanding(server: TestServer, id: number) {
  const row = await server.context.database.db
    .selectFrom('users')
    .select(['role', 'status', 'deleted_at', 'username', 'display_name', 'group'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { deleted_at: deletedAt, ...standing } = row;
  return { ...standing, role: toNumber(row.role), status: toNumber(row.status), deleted: deletedAt !== null };
}
