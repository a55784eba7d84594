import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { registerBackgroundJobs } from './jobs/index';
import { LocalBus } from './platform/invalidation-bus';
import { LocalBilling } from './ledger/local-billing';
import type { PrimaryLink } from './runtime/primary-link';
import { ensureSuperAdmin, openProcessContext, startBilling } from './runtime/process-context';
import { RemoteAffinityStore } from './runtime/remote-affinity';
import { RemoteBus } from './runtime/remote-bus';
import { remoteBilling } from './runtime/remote-billing';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Stops accepting, finishes in-flight work, flushes, closes storage. */
  close(): Promise<void>;
}

/**
 * Which part of a deployment this HTTP process is: alone (the default, and every in-process test), or
 * a cluster worker (HTTP only; its ledger is the primary's, over `link`). The cluster primary serves
 * no HTTP: runtime/primary.ts.
 */
export type ServerRole = { kind: 'single' } | { kind: 'worker'; link: PrimaryLink };

export interface StartOptions {
  version: string;
  webDist: string | null;
  role?: ServerRole;
}

/** config → database → journal replay → caches → app → listen. */
export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const role = options.role ?? { kind: 'single' };
  const { context, billing, abandon } = await openProcessContext(config, {
    version: options.version,
    bus: role.kind === 'worker' ? new RemoteBus(role.link) : new LocalBus(),
    ...(role.kind === 'worker' ? { affinity: () => new RemoteAffinityStore(role.link) } : {}),
    migrates: role.kind !== 'worker',
    billing: (database, redis) =>
      role.kind === 'worker' ? remoteBilling(config, database, role.link) : LocalBilling.open(config, database, redis),
  });
  try {
    if (role.kind === 'single') await ensureSuperAdmin(context);
    const app = await buildApp(context, options.webDist);
    registerBackgroundJobs(context, app.log);
    startBilling(billing, app.log);
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    if (config.NODE_TYPE === 'master' && role.kind === 'single') context.jobs.start();
    return { app, context, url, close: () => app.close() };
  } catch (error) {
    await abandon();
    throw error;
  }
}
