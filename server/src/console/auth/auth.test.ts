import { Role, UserStatus } from '@switchboard/contract';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { hashPassword } from '../../platform/password';
import { signIn, serverForTests } from '../../testing/test-server';
import { consoleErrorHandler } from '../error-handler';
import { UserRepository } from '../user/repository';
import { createGuards } from './guards';

interface Envelope {
  success: boolean;
  message: string;
  data?: { id: number; username: string; role: number };
}

const server = serverForTests();
let users: UserRepository;
/** A second HTTP server whose routes sit behind the real guards, one per level. */
let guardProbe: { call(path: string, init?: RequestInit): Promise<Response>; close(): Promise<void> };

async function startGuardProbe() {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.setErrorHandler(consoleErrorHandler);
  const guards = createGuards(server.context);
  for (const level of ['user', 'admin', 'root'] as const) {
    app.get(`/${level}`, { preValidation: guards[level] }, async () => ({ success: true, message: '' }));
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { call: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init), close: () => app.close() };
}

async function createUser(username: string, values: { role?: number; status?: number; access_token?: string } = {}) {
  return users.insert({
    username,
    password: await hashPassword('password123'),
    role: values.role ?? Role.Common,
    status: values.status ?? UserStatus.Enabled,
    access_token: values.access_token ?? null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
}

const self = (headers: Record<string, string>) => server.call('/api/user/self', { headers });

beforeAll(async () => {
  users = new UserRepository(server.context.database);
  guardProbe = await startGuardProbe();
});
afterAll(async () => {
  await guardProbe.close();
});

describe('sign-in', () => {
  it('signs root in with the default password and answers the session user', async () => {
    const response = await server.call('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: '123456' }),
    });
    const body = (await response.json()) as Envelope;
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: 1, username: 'root', role: Role.Root });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it('accepts the email instead of the username', async () => {
    const id = await createUser('mailer');
    await users.update(id, { email: 'mailer@example.com' });
    const headers = await signIn(server, 'mailer@example.com', 'password123');
    expect(headers['New-Api-User']).toBe(String(id));
  });

  it('refuses a wrong password, in the language asked for', async () => {
    const login = (language: string) =>
      server.call('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ username: 'root', password: 'wrong-password' }),
      });
    const english = (await (await login('en')).json()) as Envelope;
    expect(english).toEqual({ success: false, message: 'Wrong username or password, or the user is banned' });
    const chinese = (await (await login('zh-CN')).json()) as Envelope;
    expect(chinese.message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it('asks for both fields', async () => {
    const response = await server.call('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ username: '', password: '' }),
    });
    expect(await response.json()).toEqual({ success: false, message: 'Please enter username and password' });
  });

  it('refuses a banned user at sign-in', async () => {
    await createUser('banned-at-login', { status: UserStatus.Disabled });
    await expect(signIn(server, 'banned-at-login', 'password123')).rejects.toThrow(
      /failed: Wrong username or password, or the user is banned/,
    );
  });

  it('honours PasswordLoginEnabled at once', async () => {
    await server.context.options.save('PasswordLoginEnabled', 'false');
    try {
      await expect(signIn(server, 'root', '123456')).rejects.toThrow(/turned off password login/);
    } finally {
      await server.context.options.save('PasswordLoginEnabled', 'true');
    }
  });

  it('logs out by clearing the cookie', async () => {
    const response = await server.call('/api/user/logout');
    expect(await response.json()).toEqual({ success: true, message: '' });
    expect(response.headers.get('set-cookie')).toMatch(/session=;/);
  });
});

describe('the New-Api-User header and the session', () => {
  let rootHeaders: Record<string, string>;
  beforeAll(async () => {
    rootHeaders = await signIn(server, 'root', '123456');
  });

  it('answers the own user with a blank password', async () => {
    const body = (await (await self(rootHeaders)).json()) as Envelope & { data: { password: string } };
    expect(body.data).toMatchObject({ id: 1, username: 'root', password: '' });
    expect(body.data).not.toHaveProperty('access_token');
  });

  it.each([
    ['missing', undefined, /not provided|missing/i],
    ['malformed', 'abc', /malformed|格式错误/],
    ['mismatched', '999', /does not match|不匹配/],
  ])('refuses a %s header with 401', async (_case, value, message) => {
    const headers: Record<string, string> = { cookie: rootHeaders.cookie ?? '', 'accept-language': 'en' };
    if (value !== undefined) headers['New-Api-User'] = value;
    const response = await self(headers);
    expect(response.status).toBe(401);
    expect(((await response.json()) as Envelope).message).toMatch(message);
  });

  it('refuses a call without a session with 401', async () => {
    const response = await self({ 'New-Api-User': '1' });
    expect(response.status).toBe(401);
  });

  it('refuses a forged cookie with 401', async () => {
    const forged = (rootHeaders.cookie ?? '').replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const response = await self({ cookie: forged, 'New-Api-User': '1' });
    expect(response.status).toBe(401);
  });
});

describe('system access tokens', () => {
  it('stand in for the cookie, raw or as Bearer, with the header still required', async () => {
    const id = await createUser('scripted', { access_token: 'scripted-access-token-0001' });
    for (const authorization of ['scripted-access-token-0001', 'Bearer scripted-access-token-0001']) {
      const response = await self({ authorization, 'New-Api-User': String(id) });
      expect(((await response.json()) as Envelope).data?.username).toBe('scripted');
    }
    expect((await self({ authorization: 'scripted-access-token-0001' })).status).toBe(401);
    expect((await self({ authorization: 'scripted-access-token-0001', 'New-Api-User': '1' })).status).toBe(401);
  });

  it('refuses an unknown token with 401', async () => {
    const response = await self({ authorization: 'no-such-token', 'New-Api-User': '1' });
    expect(response.status).toBe(401);
  });
});

describe('roles and bans', () => {
  it.each([
    ['a normal user', Role.Common, { user: true, admin: false, root: false }],
    ['an admin', Role.Admin, { user: true, admin: true, root: false }],
    ['the super admin', Role.Root, { user: true, admin: true, root: true }],
  ])('admits %s to its own level and refuses it above', async (_who, role, expected) => {
    const username = `role-${role}`;
    await createUser(username, { role });
    const headers = { ...(await signIn(server, username, 'password123')), 'accept-language': 'en' };
    for (const level of ['user', 'admin', 'root'] as const) {
      const body = (await (await guardProbe.call(`/${level}`, { headers })).json()) as Envelope;
      expect(body.success, `${username} at ${level}`).toBe(expected[level]);
      if (!expected[level]) expect(body.message).toBe('No permission: insufficient role');
    }
  });

  it('refuses a user banned after signing in, at once', async () => {
    const id = await createUser('banned-later');
    const headers = await signIn(server, 'banned-later', 'password123');
    expect(((await (await self(headers)).json()) as Envelope).success).toBe(true);
    await users.update(id, { status: UserStatus.Disabled });
    const body = (await (await self({ ...headers, 'accept-language': 'en' })).json()) as Envelope;
    expect(body).toEqual({ success: false, message: 'This user has been banned' });
  });

  it('treats a deregistered user as signed out', async () => {
    const id = await createUser('gone');
    const headers = await signIn(server, 'gone', 'password123');
    await users.update(id, { deleted_at: nowSeconds() });
    expect((await self(headers)).status).toBe(401);
  });
});

describe('guards come before body validation', () => {
  it.each([
    ['POST', '/api/token/'],
    ['PUT', '/api/user/'],
    ['POST', '/api/redemption/'],
    ['PUT', '/api/option/'],
  ])('%s %s without a session answers 401, not a validation message', async (method, path) => {
    const response = await server.call(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: '{"name": 12345}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a normal user a root call with a malformed body by role, not by validation', async () => {
    await createUser('not-root');
    const headers = {
      ...(await signIn(server, 'not-root', 'password123')),
      'accept-language': 'en',
      'content-type': 'application/json',
    };
    const body = (await (
      await server.call('/api/option/', { method: 'PUT', headers, body: '{"key": []}' })
    ).json()) as Envelope;
    expect(body).toMatchObject({ success: false, message: 'No permission: insufficient role' });
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await server.call('/api/no/such/thing', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'No such API: GET /api/no/such/thing' });
  });
});
