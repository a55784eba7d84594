/**
 * `ended_sessions`: console sessions signed out before their cookie expired. A session cookie names
 * its id (`sid`); a listed id is refused on every instance and worker, which all read this table.
 * A row is only needed until the cookie would have expired anyway (`expires_at`, unix seconds).
 */
export interface EndedSessionsTable {
  session_id: string;
  user_id: number;
  expires_at: number;
}
