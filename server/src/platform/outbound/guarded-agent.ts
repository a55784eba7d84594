import { lookup } from 'node:dns/promises';
import { Agent, buildConnector } from 'undici';
import type { AddressPolicy } from './internal-addresses';

/** A host that resolved to an address the policy refuses (or to none); no connection was made. */
export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to an address outbound fetches may not reach`);
  }
}

export interface GuardedAgentOptions {
  connectTimeoutMs: number;
  /** idle time after which a pooled connection closes */
  keepAliveTimeoutMs?: number;
}

/**
 * A connection pool whose every connection goes to an address the policy accepted: the host is
 * resolved once (every address it has, all checked) and the socket is opened to the checked address
 * itself, so a name that answers differently on a second lookup cannot slip past the check. IP
 * literals take the same path (the lookup returns them unchanged). TLS still names the original host.
 */
export function createGuardedAgent(policy: AddressPolicy, options: GuardedAgentOptions): Agent {
  const connector = buildConnector({ timeout: options.connectTimeoutMs });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const host = connectOptions.hostname;
    lookup(host, { all: true, verbatim: true }).then(
      (addresses) => {
        const [first] = addresses;
        if (!first || addresses.some((entry) => policy(entry.address))) {
          callback(new RefusedAddressError(host), null);
          return;
        }
        connector({ ...connectOptions, hostname: first.address }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
  return new Agent({ connect, keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000 });
}
