import { readdir, readlink } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tcpConnections } from './tcp-queues';

export interface PinnedReply {
  status: number;
  text: string;
}

/**
 * An HTTP client that keeps to one keep-alive connection, so that a test can find out (with
 * `ownerOf`) which process of a server serves every call it makes.
 */
export class PinnedConnection {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  /** the client's port of the connection, once a call was made */
  localPort = 0;

  constructor(private readonly baseUrl: string) {}

  call(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<PinnedReply> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        new URL(path, this.baseUrl),
        { method: init.method ?? 'GET', headers: init.headers, agent: this.agent },
        (response) => {
          this.localPort = response.socket.localPort ?? 0;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Socket inodes of TCP connections from `clientPort` to `serverPort` (Linux /proc/net). */
async function serverSideInodes(serverPort: number, clientPort: number): Promise<Set<string>> {
  const connections = await tcpConnections();
  return new Set(
    connections
      .filter(
        (connection) => connection.localPort === serverPort && connection.remotePort === clientPort && connection.inode,
      )
      .map((connection) => connection.inode),
  );
}

/** Which of `pids` holds the server's end of the connection from `clientPort` to `serverPort`; null when none. */
export async function ownerOf(serverPort: number, clientPort: number, pids: number[]): Promise<number | null> {
  const inodes = await serverSideInodes(serverPort, clientPort);
  for (const pid of pids) {
    const descriptors = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const descriptor of descriptors) {
      const target = await readlink(`/proc/${pid}/fd/${descriptor}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return null;
}

/**
 * One pinned connection served by each of the server's two workers: opens connections (each must
 * answer /api/status) until two are served by different workers (up to 40). The caller closes every connection in `opened`.
 */
export async function connectionOnEachWorker(
  server: { url: string; childPids(): Promise<number[]> },
  opened: PinnedConnection[],
): Promise<[PinnedConnection, PinnedConnection]> {
  const workers = await server.childPids();
  if (workers.length !== 2) throw new Error(`the server runs ${workers.length} workers, not 2`);
  const port = Number(new URL(server.url).port);
  const byWorker = new Map<number, PinnedConnection>();
  for (let attempt = 0; attempt < 40 && byWorker.size < 2; attempt += 1) {
    const connection = new PinnedConnection(server.url);
    opened.push(connection);
    const status = (await connection.call('/api/status')).status;
    if (status !== 200) throw new Error(`GET /api/status answered ${status}`);
    const owner = await ownerOf(port, connection.localPort, workers);
    if (owner !== null && !byWorker.has(owner)) byWorker.set(owner, connection);
  }
  const [first, second] = [...byWorker.values()];
  if (!first || !second) throw new Error('no connection reached the second worker');
  return [first, second];
}
