import { readFile } from 'node:fs/promises';

/** One TCP connection as Linux lists it in /proc/net/tcp and tcp6. */
export interface TcpConnection {
  localPort: number;
  remotePort: number;
  /** bytes the sender queued and the receiver has not read yet, at this end */
  queuedBytes: number;
  /** the socket's inode, which /proc/<pid>/fd links name */
  inode: string;
}

/** Every TCP connection of this machine (Linux /proc/net; none elsewhere). */
export async function tcpConnections(): Promise<TcpConnection[]> {
  const connections: TcpConnection[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const [transmit = '0', receive = '0'] = (fields[4] ?? '').split(':');
      connections.push({
        localPort: Number.parseInt(fields[1]?.split(':').at(-1) ?? '', 16),
        remotePort: Number.parseInt(fields[2]?.split(':').at(-1) ?? '', 16),
        queuedBytes: Number.parseInt(transmit, 16) + Number.parseInt(receive, 16),
        inode: fields[9] ?? '',
      });
    }
  }
  return connections;
}

/**
 * Bytes the kernel holds for TCP connections on these ports: what senders queued and receivers have
 * not read, at both ends of every connection whose local or remote port is listed.
 */
export async function tcpQueuedBytes(ports: number[]): Promise<number> {
  const listed = (await tcpConnections()).filter(
    (connection) => ports.includes(connection.localPort) || ports.includes(connection.remotePort),
  );
  return listed.reduce((sum, connection) => sum + connection.queuedBytes, 0);
}
