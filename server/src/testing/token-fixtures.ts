import { Role, UserStatus, type TokenView } from '@switchboard/contract';
import { beforeAll } from 'vitest';
import { nowSeconds } from '../db/dialect';
import { hashPassword } from '../platform/password';
import { consoleClient } from './console-client';
import { signIn, type TestServer } from './test-server';
import { UserRepository } from '../console/user/repository';

const PASSWORD = 'password123';

/** Creates a common user directly in the database and signs them in over HTTP. */
export async function signInNewUser(
  server: TestServer,
  username: string,
  group = 'default',
): Promise<Record<string, string>> {
  await new UserRepository(server.context.database).insert({
    username,
    password: await hashPassword(PASSWORD),
    role: Role.Common,
    status: UserStatus.Enabled,
    group,
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
  return signIn(server, username, PASSWORD);
}

/** A new common user (in `group`), signed in: their id and console clients in English and Chinese. */
export async function newMember(server: TestServer, username: string, group = 'default') {
  const headers = await signInNewUser(server, username, group);
  return {
    id: Number(headers['New-Api-User']),
    call: consoleClient(server, headers),
    zh: consoleClient(server, headers, 'zh'),
  };
}

export type Member = Awaited<ReturnType<typeof newMember>>;

/** The token calls of one signed-in user, answering the parsed envelope. */
export function tokenClient(server: TestServer, headers: Record<string, string>, language: 'en' | 'zh' = 'en') {
  const send = consoleClient(server, headers, language);
  return {
    list: (query = '') => send<TokenView[]>('GET', `/token/${query}`),
    search: (query: string) => send<TokenView[]>('GET', `/token/search?${query}`),
    get: (id: number) => send<TokenView>('GET', `/token/${id}`),
    create: (body: Record<string, unknown>) => send<TokenView[]>('POST', '/token/', body),
    update: (body: Record<string, unknown>) => send<TokenView>('PUT', '/token/', body),
    setStatus: (id: number, status: number) => send<TokenView>('PUT', '/token/?status_only=true', { id, status }),
    remove: (id: number) => send<undefined>('DELETE', `/token/${id}/`),
  };
}

export type TokenClient = ReturnType<typeof tokenClient>;

/**
 * A new common user's token calls in English and in Chinese, for the calling file or describe block: the
 * user is created and signed in before its tests (the clients' calls are there once the tests run).
 */
export function tokenClientsForTests(server: TestServer, username: string) {
  const english = {} as TokenClient;
  const chinese = {} as TokenClient;
  beforeAll(async () => {
    const headers = await signInNewUser(server, username);
    Object.assign(english, tokenClient(server, headers, 'en'));
    Object.assign(chinese, tokenClient(server, headers, 'zh'));
  });
  return { english, chinese };
}

/** Creates one token and answers it; fails the test when the server refuses. */
export async function createToken(client: TokenClient, body: Record<string, unknown> = {}): Promise<TokenView> {
  const reply = await client.create({ name: 'test', ...body });
  const token = reply.data?.[0];
  if (!reply.success || !token) throw new Error(`token creation refused: ${reply.message}`);
  return token;
}
