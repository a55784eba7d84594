import { createServer, connect, type Server, type Socket } from 'node:net';
import SQLite from 'better-sqlite3';
import type { DatabaseSettings } from '../db/database';
import type { TestDatabase } from './test-databases';

/** A way to make a test database unavailable to one client and bring it back. */
export interface DatabaseOutage {
  /** Settings that reach the database through whatever the outage cuts. */
  settings: DatabaseSettings;
  begin(): Promise<void>;
  end(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL and MySQL: a TCP relay on 127.0.0.1 in front of the server; the outage closes it and cuts
 * every open connection, as a database restart or a network failure would.
 */
async function networkOutage(database: TestDatabase): Promise<DatabaseOutage> {
  const target = new URL(database.dsn as string);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => resolve(relay));
    });
  const stop = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  server = await listen(0);
  const port = (server.address() as { port: number }).port;
  const dsn = new URL(target);
  dsn.port = String(port);
  return {
    settings: { kind: database.settings.kind, dsn: dsn.toString() },
    begin: stop,
    end: async () => {
      server = await listen(port);
    },
    close: stop,
  };
}

/** SQLite: another connection holds the write lock (a backup, a second process writing). */
function lockOutage(database: TestDatabase): DatabaseOutage {
  const locker = new SQLite(database.sqlitePath);
  return {
    settings: { kind: 'sqlite', sqlitePath: database.sqlitePath },
    begin: async () => {
      locker.prepare('begin immediate').run();
    },
    end: async () => {
      locker.prepare('commit').run();
    },
    close: async () => {
      if (locker.inTransaction) locker.prepare('rollback').run();
      locker.close();
    },
  };
}

/** Settings for a second client of a test database, and a switch that makes it unavailable to that client. */
export function databaseOutage(database: TestDatabase): Promise<DatabaseOutage> {
  return database.settings.kind === 'sqlite' ? Promise.resolve(lockOutage(database)) : networkOutage(database);
}
