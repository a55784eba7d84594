import type { TestServer } from './test-server';

/**
 * A channel's stored key, read from the database: the console shows it only to the super
 * administrator with a security proof (console/secure-verify), which tests of storage do not need.
 */
export async function storedChannelKey(
  server: Pick<TestServer, 'context'>,
  id: number | undefined,
): Promise<string | undefined> {
  const row = await server.context.database.db
    .selectFrom('channels')
    .select('key')
    .where('id', '=', id ?? 0)
    .executeTakeFirst();
  return row?.key;
}
