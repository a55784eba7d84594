import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from './server';

/**
 * The built server over a database whose options were set before it started, as an operator who
 * configured the site earlier would leave it: a first start creates the schema, the options are
 * written, and a second start reads them.
 */
export async function startServerWithOptions(options: Record<string, string>): Promise<RunningServer> {
  const dataFolder = await mkdtemp(join(tmpdir(), 'switchboard-e2e-seeded-'));
  const first = await startServer({ dataFolder });
  await first.stop();
  const database = new Database(join(dataFolder, 'db.sqlite'));
  const save = database.prepare('insert into options (key, value) values (?, ?) on conflict(key) do update set value = excluded.value');
  for (const [key, value] of Object.entries(options)) save.run(key, value);
  database.close();
  const server = await startServer({ dataFolder });
  return {
    ...server,
    async stop() {
      await server.stop();
      await rm(dataFolder, { recursive: true, force: true });
    },
  };
}
