import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** What the signed cookie carries; the user row itself is read fresh on every call. */
export interface SessionPayload {
  /** user id */
  uid: number;
  /** issued at, unix seconds */
  iat: number;
  /** the user's session epoch when issued; a raised epoch (password change, ban, ...) ends the session. Absent counts as 0. */
  ep?: number;
  /** the session's own id, listed in `ended_sessions` once it signs out; absent on cookies issued before ids existed */
  sid?: string;
  /** short-lived values of sign-in flows (OAuth state, invite code, human check passed) */
  flow?: Record<string, string>;
}

/** A fresh session id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** A stateless session: base64url(JSON) + "." + HMAC-SHA256, so any instance with the secret can read it. */
export class SessionCodec {
  constructor(private readonly secret: string) {}

  encode(payload: SessionPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  decode(value: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): SessionPayload | null {
    if (!value) return null;
    const dot = value.indexOf('.');
    if (dot <= 0) return null;
    const body = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.sign(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SessionPayload;
      if (!Number.isSafeInteger(payload.uid) || typeof payload.iat !== 'number') return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      if (payload.iat + SESSION_MAX_AGE_SECONDS < nowSeconds) return null;
      return payload;
    } catch {
      return null;
    }
  }

  /** An HMAC of `body` under the session secret, kept apart from session cookies by `purpose` (security proofs). */
  signFor(purpose: string, body: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${body}`).digest('base64url');
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
