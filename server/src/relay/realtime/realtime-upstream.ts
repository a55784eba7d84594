import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { fill } from '../../platform/text';
import type { CachedChannel } from '../caches/channel-index';
import { openAICompatibleAdapter } from '../providers/openai-compatible/adapter';
import { AZURE_DEFAULT_API_VERSION, misconfigured } from '../providers/openai-compatible/request';
import { defaultBaseUrl } from '../providers/openai-compatible/vendors';
import { adapterFor } from '../providers/registry';
import { RelayError, UpstreamError } from '../relay-error';
import { withoutSecrets } from '../relay-error-scrub';
import { messages } from '../../platform/i18n/catalogue';

/** Longest upstream refusal body read for its message. */
const REFUSAL_BODY_LIMIT = 16 * 1024;
const AZURE = 3;
export const BROWSER_KEY_PREFIX = 'openai-insecure-api-key.';

/** Where and how a realtime session opens on one channel. */
export interface RealtimeTarget {
  url: string;
  protocols: string[];
  headers: Record<string, string>;
}

/** Whether a channel's type speaks OpenAI's realtime API (OpenAI, Azure, and every type without an adapter of its own). */
export const servesRealtime = (channel: CachedChannel) => adapterFor(channel.type) === openAICompatibleAdapter;

/**
 * The upstream address (base URL with http→ws, https→wss; Azure: `/openai/realtime?deployment=…&api-version=…`)
 * and credentials mirroring the client's: subprotocols `realtime` + `openai-insecure-api-key.<channel key>`
 * for a browser client, else `Authorization: Bearer` (Azure: `api-key`); the beta marker only for
 * `*-realtime-preview` models.
 */
export function realtimeTarget(channel: CachedChannel, upstreamModel: string, browserClient: boolean): RealtimeTarget {
  const base = (channel.baseUrl || defaultBaseUrl(channel.type)).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) throw misconfigured(channel, messages.provider.noBaseUrl);
  const socketBase = base.replace(/^http/, 'ws');
  const preview = upstreamModel.includes('-realtime-preview');
  const headers: Record<string, string> = {};
  const protocols: string[] = [];
  let url: string;
  if (channel.type === AZURE) {
    const version = channel.other.trim() || AZURE_DEFAULT_API_VERSION;
    url = `${socketBase}/openai/realtime?deployment=${encodeURIComponent(upstreamModel.replace(/\./g, ''))}&api-version=${encodeURIComponent(version)}`;
    headers['api-key'] = channel.key;
  } else {
    url = `${socketBase}${socketBase.endsWith('/v1') ? '' : '/v1'}/realtime?model=${encodeURIComponent(upstreamModel)}`;
    if (browserClient) protocols.push('realtime', `${BROWSER_KEY_PREFIX}${channel.key}`);
    else headers.authorization = `Bearer ${channel.key}`;
    if (channel.organization && channel.type === 1) headers['openai-organization'] = channel.organization;
  }
  if (preview) {
    if (protocols.length > 0) protocols.push('openai-beta.realtime-v1');
    else headers['openai-beta'] = 'realtime=v1';
  }
  return { url, protocols, headers };
}

/** The message of a refused handshake: the error body's `error.message`, else its text. */
async function refusalOf(response: IncomingMessage): Promise<{ message: string; code: string; type: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (size < REFUSAL_BODY_LIMIT) chunks.push(chunk);
    size += chunk.length;
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, REFUSAL_BODY_LIMIT);
  try {
    const error = (JSON.parse(text) as { error?: { message?: unknown; code?: unknown; type?: unknown } }).error;
    return {
      message: typeof error?.message === 'string' ? error.message : text,
      code: typeof error?.code === 'string' ? error.code : '',
      type: typeof error?.type === 'string' ? error.type : '',
    };
  } catch {
    return { message: text, code: '', type: '' };
  }
}

/**
 * Opens the upstream socket, resolving once it is open (and paused: the caller resumes it once it listens). A refusal or a failure to connect rejects with
 * a RelayError (an UpstreamError for an HTTP refusal) whose message holds no piece of the channel key;
 * all but a 400 are retryable on another channel.
 */
export function openUpstream(
  channel: CachedChannel,
  target: RealtimeTarget,
  timeoutMs: number,
  maxPayload: number,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, target.protocols, {
      headers: target.headers,
      handshakeTimeout: timeoutMs,
      maxPayload,
      perMessageDeflate: false,
    });
    const fail = (error: RelayError) => reject(withoutSecrets(error, channel.key));
    socket.once('open', () => {
      // Nothing is read until the session listens (it resumes the socket): the first event is not lost.
      socket.pause();
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) => {
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      const status = response.statusCode ?? 502;
      refusalOf(response)
        .then(
          (refusal) => {
            const message =
              fill(messages.realtime.upstreamRefused, { status }).en + (refusal.message ? `: ${refusal.message}` : '');
            fail(
              new UpstreamError(
                status >= 500 ? 502 : status,
                message,
                refusal.code || 'upstream_refused',
                status !== 400,
                status,
                refusal.type,
              ),
            );
          },
          () =>
            fail(
              new UpstreamError(
                502,
                fill(messages.realtime.upstreamRefused, { status }).en,
                'upstream_refused',
                true,
                status,
              ),
            ),
        )
        .finally(() => socket.terminate());
    });
    socket.once('error', (error) => {
      fail(
        new RelayError(
          fill(messages.realtime.upstreamUnreachable, { detail: error.message }),
          502,
          'upstream_unreachable',
          'upstream_error',
          true,
        ),
      );
    });
  });
}
