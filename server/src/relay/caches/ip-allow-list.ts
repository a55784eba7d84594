import { BlockList, isIP } from 'node:net';

/** A token's allow list (one IP or CIDR per line); null when the token allows every address. */
export function parseAllowList(text: string): BlockList | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const list = new BlockList();
  for (const line of lines) {
    const [address, prefix] = line.split('/');
    const family = isIP(address ?? '');
    if (!address || family === 0) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether the client address is on the list (IPv4-mapped IPv6 addresses match their IPv4 form). */
export function isAllowed(list: BlockList, clientIp: string): boolean {
  const address = clientIp.startsWith('::ffff:') ? clientIp.slice(7) : clientIp;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
