import type { Queries } from '../db/database';
import { nowSeconds, upsert } from '../db/dialect';
import { anyMatch } from '../db/table-queries';
import { SESSION_MAX_AGE_SECONDS, type SessionPayload } from './session';

/**
 * Signed-out sessions, kept in the database that every instance and worker already reads on each
 * console call: a session ended anywhere is refused everywhere at once, with no cache to invalidate.
 */
export class EndedSessions {
  constructor(private readonly database: Queries) {}

  /** Records the session as ended until its cookie would have expired; rows past that are swept. */
  async end(session: SessionPayload & { sid: string }): Promise<void> {
    const expiresAt = session.iat + SESSION_MAX_AGE_SECONDS;
    await upsert(
      this.database.db,
      this.database.kind,
      'ended_sessions',
      { session_id: session.sid, user_id: session.uid, expires_at: expiresAt },
      ['session_id'],
      {
        expires_at: expiresAt,
      },
    );
    await this.database.db.deleteFrom('ended_sessions').where('expires_at', '<', nowSeconds()).execute();
  }

  /** Whether the session was signed out; a session from before session ids existed never was. */
  async isEnded(session: SessionPayload): Promise<boolean> {
    if (!session.sid) return false;
    return anyMatch(this.database.db.selectFrom('ended_sessions').where('session_id', '=', session.sid));
  }
}
