import { Agent } from 'undici';

/**
 * The keep-alive connection pool every upstream call goes through (never global fetch on the hot
 * path). No cap on connections per upstream: each one serves a client request the server already
 * accepted, and a cap would queue a stream behind others that may last minutes. Timeouts: headers
 * within `headersTimeoutMs`, and no gap longer than `bodyTimeoutMs` between body chunks (an idle
 * stream is cut).
 */
export function createUpstreamAgent(options: { headersTimeoutMs: number; bodyTimeoutMs: number }): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: null,
    pipelining: 1,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    connect: { timeout: 10_000 },
  });
}
