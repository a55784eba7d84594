import { readFile } from 'node:fs/promises';

/**
 * Bytes the kernel holds for TCP connections on these ports (Linux /proc/net): what senders queued
 * and receivers have not read, at both ends of every connection whose local or remote port is listed.
 */
export async function tcpQueuedBytes(ports: number[]): Promise<number> {
  let queued = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = Number.parseInt(fields[1]?.split(':').at(-1) ?? '', 16);
      const remote = Number.parseInt(fields[2]?.split(':').at(-1) ?? '', 16);
      if (!ports.includes(local) && !ports.includes(remote)) continue;
      const [transmit = '0', receive = '0'] = (fields[4] ?? '').split(':');
      queued += Number.parseInt(transmit, 16) + Number.parseInt(receive, 16);
    }
  }
  return queued;
}
