import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
  userVerification: 'required' | 'preferred' | 'discouraged';
  attachment: '' | 'platform' | 'cross-platform';
}

/** Ceremonies time out after two minutes. */
export const CEREMONY_TIMEOUT_MILLISECONDS = 120_000;

const isLocal = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

function parsedOrigin(value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new AppError(fill(messages.passkey.badOrigin, { origin: value }));
  }
}

/** The origin the browser is on: the proxy's `X-Forwarded-Proto` (or TLS) and the request's Host. */
function requestOrigin(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-proto'];
  const protocol = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || request.protocol;
  return `${protocol}://${request.headers.host ?? request.hostname}`;
}

/**
 * The relying party of the reference's `passkey.*` settings: origins listed, else ServerAddress, else
 * the request's own origin; the id set, else the host of ServerAddress, else of the first origin. A
 * listed `http://` origin needs `allow_insecure_origin`; a detected one is accepted only on localhost.
 */
export function relyingPartyOf(context: AppContext, request: FastifyRequest): RelyingParty {
  const { options } = context;
  if (!options.boolean('passkey.enabled')) throw new AppError(messages.passkey.disabled);
  const listed = options
    .string('passkey.origins')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const serverAddress = options.string('ServerAddress').trim().replace(/\/+$/, '');
  const configured = listed.length > 0 ? listed : serverAddress ? [serverAddress] : [];
  const origins = configured.length > 0 ? configured : [requestOrigin(request)];
  const allowInsecure = options.boolean('passkey.allow_insecure_origin');
  for (const origin of origins) {
    const url = parsedOrigin(origin);
    if (url.protocol === 'https:') continue;
    const detected = listed.length === 0;
    if (url.protocol !== 'http:' || !(allowInsecure || (detected && isLocal(url.hostname)))) {
      throw new AppError(fill(messages.passkey.insecureOrigin, { origin }));
    }
  }
  const id = options.string('passkey.rp_id').trim() || parsedOrigin(serverAddress || origins[0]!).hostname;
  return {
    id,
    name: options.string('passkey.rp_display_name').trim() || options.string('SystemName') || 'Switchboard',
    origins: origins.map((origin) => parsedOrigin(origin).origin),
    userVerification: options.string('passkey.user_verification') as RelyingParty['userVerification'],
    attachment: options.string('passkey.attachment_preference') as RelyingParty['attachment'],
  };
}
