// `npm start`: builds what is missing (console and server), then serves.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('web/dist/index.html')) run('npm', ['run', 'build', '-w', 'web']);
if (!existsSync('server/dist/main.js')) run('npm', ['run', 'build', '-w', 'server']);
await import('../server/dist/main.js');
