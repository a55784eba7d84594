// After the run: does the bill equal the logs? Reads the gateway's SQLite file (read-only).
import Database from 'better-sqlite3';

const CONSUMPTION = 2;

/** Compares the user's used quota, spent quota and request count with the consumption logs. */
export function checkLedger(databasePath, userId, initialQuota) {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const user = database.prepare('SELECT quota, used_quota, request_count FROM users WHERE id = ?').get(userId);
    const logs = database
      .prepare('SELECT COUNT(*) AS calls, COALESCE(SUM(quota), 0) AS quota FROM logs WHERE user_id = ? AND type = ?')
      .get(userId, CONSUMPTION);
    const spent = initialQuota - user.quota;
    return {
      usedQuota: user.used_quota,
      spentQuota: spent,
      requestCount: user.request_count,
      loggedQuota: logs.quota,
      loggedCalls: logs.calls,
      pass: user.used_quota === logs.quota && spent === logs.quota && user.request_count === logs.calls,
    };
  } finally {
    database.close();
  }
}
