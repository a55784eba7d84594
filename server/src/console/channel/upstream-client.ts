import { request, type Agent } from 'undici';
import type { z } from 'zod';
import { scrubSecrets } from '../../domain/secret-scrub';
import { createUpstreamAgent } from '../../platform/http-agent';

/** An upstream call that failed: unreachable, timed out, refused, or answered something unexpected. */
export class UpstreamError extends Error {}

const TIMEOUT_MILLISECONDS = 15_000;
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Longest upstream text an error message quotes. */
export const DETAIL_LIMIT = 300;
let agent: Agent | null = null;

async function readBody(body: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) throw new UpstreamError(`the reply is larger than ${BODY_LIMIT_BYTES} bytes`);
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts).toString('utf8');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The most useful line of an error reply: OpenAI's error.message, a top-level message, or the text. */
function errorDetail(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'object' && typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return scrubSecrets(text).trim().slice(0, DETAIL_LIMIT);
}

/**
 * GETs JSON from an upstream with a timeout (undici, never global fetch) and checks it with a schema.
 * Every failure is an UpstreamError whose message can be shown to the administrator.
 */
export async function getUpstreamJson<T>(
  url: string,
  headers: Record<string, string>,
  schema: z.ZodType<T>,
): Promise<T> {
  let status: number;
  let text: string;
  try {
    agent ??= createUpstreamAgent({ headersTimeoutMs: TIMEOUT_MILLISECONDS, bodyTimeoutMs: TIMEOUT_MILLISECONDS });
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MILLISECONDS),
    });
    status = response.statusCode;
    text = await readBody(response.body);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new UpstreamError(`could not reach ${originOf(url)}: ${reason}`);
  }
  if (status >= 400) throw new UpstreamError(`HTTP ${status}${text ? `: ${errorDetail(text)}` : ''}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UpstreamError(`the upstream did not answer JSON: ${scrubSecrets(text).trim().slice(0, DETAIL_LIMIT)}`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UpstreamError(
      `unexpected reply (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid'})`,
    );
  }
  return result.data;
}

/** Joins a base URL and a path without doubling slashes. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
