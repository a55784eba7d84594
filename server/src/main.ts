import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

declare const __SWITCHBOARD_VERSION__: string | undefined;

function defaultWebDist(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = resolve(here, '../../web/dist');
  return existsSync(candidate) ? candidate : null;
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
  const server = await startServer(config, { version, webDist: config.WEB_DIST ?? defaultWebDist() });
  console.info(`switchboard ${version} listening on ${server.url} (${config.databaseKind})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`switchboard: ${signal} received, finishing in-flight requests`);
    const timer = setTimeout(() => {
      console.error('switchboard: shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    timer.unref();
    server.close().then(
      () => {
        console.info(`switchboard: write-behind worst lag ${server.context.writeBehind.worstLagMs} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('switchboard: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('switchboard: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
