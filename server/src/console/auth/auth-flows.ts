import { createHash, randomBytes } from 'node:crypto';
import type { Queries } from '../../db/database';
import { nowSeconds, toNumber } from '../../db/dialect';
import { updateMatching } from '../../db/table-queries';

/** Pending second sign-in steps and WebAuthn ceremonies last five minutes. */
export const AUTH_FLOW_SECONDS = 300;

export type AuthFlowPurpose = '2fa_login' | 'passkey_register' | 'passkey_login' | 'passkey_verify';

export interface AuthFlow {
  purpose: AuthFlowPurpose;
  userId: number;
  sessionId: string;
  epoch: number;
  payload: Record<string, string>;
  expiresAt: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Flows in the database every instance and worker reads: a flow begun on one worker finishes on
 * another, and one finished anywhere (consumed) cannot finish again.
 */
export class AuthFlows {
  constructor(private readonly database: Queries) {}

  /** Starts a flow; answers its token (given to the client) and when it expires. */
  async begin(flow: Omit<AuthFlow, 'expiresAt'>): Promise<{ flow_token: string; expires_at: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = nowSeconds();
    const expiresAt = now + AUTH_FLOW_SECONDS;
    await this.database.db.deleteFrom('auth_flows').where('expires_at', '<', now).execute();
    await this.database.db
      .insertInto('auth_flows')
      .values({
        token_hash: hashOf(token),
        purpose: flow.purpose,
        user_id: flow.userId,
        session_id: flow.sessionId,
        epoch: flow.epoch,
        payload: JSON.stringify(flow.payload),
        expires_at: expiresAt,
      })
      .execute();
    return { flow_token: token, expires_at: expiresAt };
  }

  /** The live (unexpired, unconsumed) flow of `purpose` named by `token`. */
  async find(token: string, purpose: AuthFlowPurpose): Promise<AuthFlow | undefined> {
    if (!token) return undefined;
    const row = await this.database.db
      .selectFrom('auth_flows')
      .selectAll()
      .where('token_hash', '=', hashOf(token))
      .where('purpose', '=', purpose)
      .where('consumed', '=', 0)
      .where('expires_at', '>=', nowSeconds())
      .executeTakeFirst();
    if (!row) return undefined;
    let payload: Record<string, string> = {};
    try {
      payload = JSON.parse(row.payload) as Record<string, string>;
    } catch {
      // A payload that does not parse leaves the flow empty; its checks then fail.
    }
    return {
      purpose,
      userId: toNumber(row.user_id),
      sessionId: row.session_id,
      epoch: toNumber(row.epoch),
      payload,
      expiresAt: toNumber(row.expires_at),
    };
  }

  /** Consumes the flow, once: false when another request consumed it first. */
  async consume(token: string): Promise<boolean> {
    return updateMatching(this.database.db, 'auth_flows', { token_hash: hashOf(token), consumed: 0 }, { consumed: 1 });
  }
}
