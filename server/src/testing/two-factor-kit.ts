import { Secret, TOTP } from 'otpauth';
import { Role, type ApiEnvelope } from '@switchboard/contract';
import { expect } from 'vitest';
import { CookieJar } from './cookie-jar';
import { addUser } from './relay-fixtures';
import type { TestServer } from './test-server';

/**
 * The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. The
 * server accepts the steps around the current one, each once: a test that needs a second code soon
 * after the first takes the next step's.
 */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

type Caller = { call(path: string, init?: RequestInit): Promise<Response> };

/** A browser-like console client: it keeps the session cookie the server sets (sign-in, rotation). */
export class CookieSession {
  private readonly cookies = new CookieJar();
  userId = 0;

  constructor(private readonly server: Caller) {}

  get headers(): Record<string, string> {
    return { cookie: this.cookies.header(), 'New-Api-User': String(this.userId) };
  }

  async send<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiEnvelope<T> & { status: number; code?: string }> {
    const response = await this.server.call(`/api${path}`, {
      method,
      headers: {
        ...this.headers,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.cookies.keep(response);
    const parsed = (await response.json()) as ApiEnvelope<T> & { code?: string };
    return { ...parsed, status: response.status };
  }

  /** The password step; signed in when the account has no two-factor, else holding the pending sign-in. */
  async logIn(username: string, password: string) {
    const answer = await this.send<{ id?: number; require_2fa?: boolean; flow_token?: string }>('POST', '/user/login', {
      username,
      password,
    });
    if (answer.data?.id) this.userId = answer.data.id;
    return answer;
  }

  /** The second step; signed in on success. */
  async logInCode(code: string, flowToken?: string) {
    const answer = await this.send<{ id: number }>('POST', '/user/login/2fa', {
      code,
      ...(flowToken ? { flow_token: flowToken } : {}),
    });
    if (answer.data?.id) this.userId = answer.data.id;
    return answer;
  }
}

/** Sets up and enables two-factor for the signed-in session; answers the secret and the backup codes. */
export async function enableTwoFactor(session: CookieSession): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await session.send<{ secret: string; backup_codes: string[] }>('POST', '/user/2fa/setup');
  if (!setup.success || !setup.data) throw new Error(`2FA setup failed: ${setup.message}`);
  const enabled = await session.send('POST', '/user/2fa/enable', { code: totpCode(setup.data.secret) });
  if (!enabled.success) throw new Error(`2FA enable failed: ${enabled.message}`);
  return { secret: setup.data.secret, backupCodes: setup.data.backup_codes };
}

/** A new user at `role` (password `password123`), signed in (before any two-factor) in a fresh session. */
export async function signedInUser(
  server: TestServer,
  username: string,
  role: number = Role.Common,
): Promise<CookieSession> {
  await addUser(server, username, { role });
  const session = new CookieSession(server);
  expect((await session.logIn(username, 'password123')).success).toBe(true);
  return session;
}
