import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Makes fresh folders under the system's temporary folder for the enclosing file or describe; all are removed after its tests. */
export function temporaryFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), `switchboard-${prefix}-`));
    folders.push(folder);
    return folder;
  };
}
