// First: a V8 flag that must be set before the request path is compiled.
import './platform/heap-flags';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import type { AppContext } from './app-context';

declare const __SWITCHBOARD_VERSION__: string | undefined;

function defaultWebDist(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = resolve(here, '../../web/dist');
  return existsSync(candidate) ? candidate : null;
}

/** Runs `close` once, on the first SIGTERM/SIGINT or call, then exits; a close that hangs is cut off. */
function stopper(config: Config, close: () => Promise<void>, after: () => void = () => undefined): Stopper {
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`switchboard: ${reason}, finishing in-flight requests`);
    const timer = setTimeout(() => {
      console.error('switchboard: shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    timer.unref();
    close().then(
      () => {
        after();
        process.exit(0);
      },
      (error: unknown) => {
        console.error('switchboard: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  return Object.assign(stop, { requested: () => stopping });
}

type Stopper = ((reason: string) => void) & { requested(): boolean };

/**
 * Awaits a start. One that fails after a stop was asked for (a worker stopped by the same Ctrl-C
 * before it listened) ends the process with 0: it is stopped, as asked. This runs before the
 * stopper sees the failure (it awaited the start first), and exits.
 */
async function started<T>(starting: Promise<T>, stop: Stopper): Promise<T> {
  try {
    return await starting;
  } catch (error) {
    if (!stop.requested()) throw error;
    console.info('switchboard: stopped during start-up');
    process.exit(0);
  }
}

const onSignals = (stop: (reason: string) => void) => {
  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGINT', () => stop('SIGINT received'));
};

/** What a primary and a lone server both are, once started. */
interface Running {
  url: string;
  context: AppContext;
  close(): Promise<void>;
}

/**
 * Starts a primary or a lone server and stops it on a signal; a signal during the start waits for the
 * start to finish (or to fail because of it), then stops. After the stop, the write-behind's worst lag is told.
 */
async function serve<T extends Running>(
  config: Config,
  start: (stopRequested: () => boolean) => Promise<T>,
): Promise<T> {
  let stop: Stopper | null = null;
  let running: T | null = null;
  const starting = start(() => stop?.requested() ?? false);
  stop = stopper(
    config,
    async () => (await starting).close(),
    () => {
      if (running) console.info(`switchboard: write-behind worst lag ${running.context.writeBehind.worstLagMs} ms`);
    },
  );
  onSignals(stop);
  running = await started(starting, stop);
  return running;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`switchboard: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const version = config.VERSION ?? (typeof __SWITCHBOARD_VERSION__ === 'string' ? __SWITCHBOARD_VERSION__ : 'dev');
  // A relative WEB_DIST (as the README shows it) is taken from the working directory.
  const options = { version, webDist: config.WEB_DIST ? resolve(config.WEB_DIST) : defaultWebDist() };
  // The role is chosen once; each loads only its own code (a primary loads no HTTP server: see build.mjs).
  if (cluster.isWorker) {
    let server: { close(): Promise<void> } | null = null;
    const stop = stopper(config, () => server?.close() ?? Promise.resolve());
    onSignals(stop);
    const { startWorker } = await import('./runtime/worker');
    server = await startWorker(config, options, () => stop('told to stop by the primary'));
    return;
  }
  if (config.WORKERS > 1) {
    const { startPrimary } = await import('./runtime/primary');
    const primary = await serve(config, (stopRequested) => startPrimary(config, version, stopRequested));
    console.info(
      `switchboard ${version} listening on ${primary.url} (${config.databaseKind}, ${config.WORKERS} workers)`,
    );
    return;
  }
  const { startServer } = await import('./server');
  const server = await serve(config, () => startServer(config, options));
  console.info(`switchboard ${version} listening on ${server.url} (${config.databaseKind})`);
}

main().catch((error: unknown) => {
  console.error('switchboard: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
