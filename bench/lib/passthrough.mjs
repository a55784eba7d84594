// The floor a Node gateway cannot go below: node:http in, undici out, bytes piped both ways with no
// authentication, billing or logging. Run as its own process so /proc gives its CPU time alone.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

async function serve(upstream) {
  const { Agent, request } = await import('undici');
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: null });
  const server = createServer((incoming, outgoing) => {
    const chunks = [];
    incoming.on('data', (piece) => chunks.push(piece));
    incoming.on('end', () => {
      request(`${upstream}${incoming.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
        dispatcher: agent,
      }).then(
        async (response) => {
          outgoing.writeHead(response.statusCode, { 'content-type': response.headers['content-type'] });
          for await (const piece of response.body) outgoing.write(piece);
          outgoing.end();
        },
        () => {
          outgoing.writeHead(502);
          outgoing.end();
        },
      );
    });
  });
  process.on('SIGTERM', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
}

/**
 * Starts the passthrough in a child process; resolves with its URL, pid and stop(). With `inspect` it
 * runs with an idle inspector (its `inspectorUrl`), as the gateway does for the memory phase.
 */
export async function startPassthrough(upstreamUrl, { inspect = false } = {}) {
  const nodeArguments = [...(inspect ? ['--inspect=127.0.0.1:0'] : []), fileURLToPath(import.meta.url), upstreamUrl];
  const child = spawn(process.execPath, nodeArguments, { stdio: ['ignore', 'pipe', inspect ? 'pipe' : 'inherit'] });
  let inspectorUrl;
  if (inspect) {
    inspectorUrl = await new Promise((resolve, reject) => {
      let output = '';
      child.stderr.on('data', (data) => {
        output += data.toString();
        const match = /Debugger listening on (ws:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`passthrough exited with ${code}:\n${output}`)));
    });
  }
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(/listening on (\S+)/.exec(data.toString())?.[1]));
    child.once('exit', (code) => reject(new Error(`passthrough exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    inspectorUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void serve(process.argv[2]);
