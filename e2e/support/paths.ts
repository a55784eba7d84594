import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
export const serverEntry = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Screenshots land here (git-ignored). */
export const artifactsFolder = fileURLToPath(new URL('../../test-results/e2e', import.meta.url));

/** Fails early, with the command to run, when the builds the browser tests serve are missing. */
export function assertBuilt(): void {
  const missing = [serverEntry, `${webDist}/index.html`].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `browser tests need the built server and console (run \`npm run build\`); missing: ${missing.join(', ')}`,
    );
  }
}
