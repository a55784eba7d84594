import { Agent } from 'undici';

/**
 * The keep-alive connection pool every upstream call goes through (never global fetch on the hot
 * path). Timeouts: headers within `headersTimeoutMs`, and no gap longer than `bodyTimeoutMs` between
 * body chunks (an idle stream is cut).
 */
export function createUpstreamAgent(options: { headersTimeoutMs: number; bodyTimeoutMs: number }): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: 512,
    pipelining: 1,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    connect: { timeout: 10_000 },
  });
}
