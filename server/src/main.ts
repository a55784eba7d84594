// First: a V8 flag that must be set before the request path is compiled.
import './platform/heap-flags';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { startPrimary } from './platform/cluster/primary';
import { startWorker } from './platform/cluster/worker';
import { startServer, type RunningServer } from './server';

declare const __SWITCHBOARD_VERSION__: string | undefined;

function defaultWebDist(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = resolve(here, '../../web/dist');
  return existsSync(candidate) ? candidate : null;
}

/** Runs `close` once, on the first SIGTERM/SIGINT or call, then exits; a close that hangs is cut off. */
function stopper(config: Config, close: () => Promise<void>, after: () => void = () => undefined): (reason: string) => void {
  let stopping = false;
  return (reason) => {
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
}

const onSignals = (stop: (reason: string) => void) => {
  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGINT', () => stop('SIGINT received'));
};

const reportLag = (server: RunningServer) => () => {
  console.info(`switchboard: write-behind worst lag ${server.context.writeBehind.worstLagMs} ms`);
};

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
  if (cluster.isWorker) {
    let server: RunningServer | null = null;
    const stop = stopper(config, () => server?.close() ?? Promise.resolve());
    onSignals(stop);
    server = await startWorker(config, options, () => stop('told to stop by the primary'));
    return;
  }
  if (config.WORKERS > 1) {
    // A worker answers before every worker listens: a signal then waits for the start to finish.
    const starting = startPrimary(config, options);
    let lag = () => undefined as void;
    onSignals(stopper(config, async () => (await starting).close(), () => lag()));
    const primary = await starting;
    lag = reportLag(primary.server);
    console.info(`switchboard ${version} listening on ${primary.url} (${config.databaseKind}, ${config.WORKERS} workers)`);
    return;
  }
  const server = await startServer(config, options);
  console.info(`switchboard ${version} listening on ${server.url} (${config.databaseKind})`);
  onSignals(stopper(config, () => server.close(), reportLag(server)));
}

main().catch((error: unknown) => {
  console.error('switchboard: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
