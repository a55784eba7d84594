import { z } from 'zod';
import type { CachedChannel } from '../../caches/channel-index';
import type { UpstreamError } from '../../relay-error';
import { mappedUpstreamError } from '../openai-compatible/errors';
import { parseWith } from '../../parse-json';

/** Replicate's errors are problem details: `{title, detail, status}`. */
const problem = z.looseObject({ title: z.string().optional(), detail: z.string().optional() });

export function replicateError(
  status: number,
  message: string,
  channel: CachedChannel,
  code = `upstream_${status}`,
): UpstreamError {
  return mappedUpstreamError(channel.statusCodeMapping, status, message, code);
}

export function replicateErrorFrom(status: number, bodyText: string, channel: CachedChannel): UpstreamError {
  const details = parseWith(problem, bodyText);
  const message = details?.detail || details?.title || bodyText.slice(0, 1000) || `Replicate answered HTTP ${status}`;
  return replicateError(status, message, channel);
}
