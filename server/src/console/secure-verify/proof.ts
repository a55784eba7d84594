import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { languageOf } from '../../platform/text';
import { currentUser } from '../auth/authenticate';
import { readSession } from '../account/session-flow';
import { messages } from '../../platform/i18n/catalogue';

/** What a proof lets its session do; one scope per sensitive operation. */
export const PROOF_SCOPES = ['channel.key.read', 'passkey.register', 'passkey.delete'] as const;
export type ProofScope = (typeof PROOF_SCOPES)[number];
export type ProofMethod = '2fa' | 'passkey';

/** A proof lasts five minutes and can be used again by its session until then. */
export const PROOF_SECONDS = 300;
export const PROOF_HEADER = 'x-security-proof';
const PURPOSE = 'security-proof';

interface ProofClaims {
  uid: number;
  sid: string;
  ep: number;
  m: ProofMethod;
  s: ProofScope;
  exp: number;
}

type ProofCode = keyof typeof messages.securityProof;

/** Signs a proof for the caller's session (`payload.signature`, both base64url). */
export function issueProof(context: AppContext, request: FastifyRequest, method: ProofMethod, scope: ProofScope) {
  const user = currentUser(request);
  const session = readSession(request, context);
  const expiresAt = nowSeconds() + PROOF_SECONDS;
  const claims: ProofClaims = {
    uid: user.id,
    sid: session?.sid ?? '',
    ep: user.session_epoch,
    m: method,
    s: scope,
    exp: expiresAt,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { proof_token: `${body}.${context.sessions.signFor(PURPOSE, body)}`, expires_at: expiresAt, method, scope };
}

function checkProof(
  context: AppContext,
  request: FastifyRequest,
  scope: ProofScope,
  methods: readonly ProofMethod[],
): ProofCode | null {
  const header = request.headers[PROOF_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) return 'SECURITY_PROOF_REQUIRED';
  const [body = '', signature = ''] = token.split('.');
  const expected = Buffer.from(context.sessions.signFor(PURPOSE, body));
  const given = Buffer.from(signature);
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'SECURITY_PROOF_INVALID';
  let claims: ProofClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ProofClaims;
  } catch {
    return 'SECURITY_PROOF_INVALID';
  }
  const user = currentUser(request);
  const session = readSession(request, context);
  // Bound to the session that verified: another browser, or this one after its sessions ended, must verify again.
  if (claims.uid !== user.id || claims.sid !== (session?.sid ?? '') || claims.ep !== user.session_epoch)
    return 'SECURITY_PROOF_INVALID';
  if (claims.exp < nowSeconds()) return 'SECURITY_PROOF_EXPIRED';
  if (claims.s !== scope) return 'SECURITY_PROOF_SCOPE_MISMATCH';
  if (!methods.includes(claims.m)) return 'SECURITY_PROOF_METHOD_MISMATCH';
  return null;
}

/**
 * A route hook (after the guard) that admits the call only with a valid `X-Security-Proof` of
 * `scope` from this session; otherwise HTTP 403 `{success:false, message, code}`. `methods` may
 * depend on the caller (passkey delete: by 2FA when the user has it).
 */
export function requireProof(
  context: AppContext,
  scope: ProofScope,
  methods: (request: FastifyRequest) => Promise<readonly ProofMethod[]> | readonly ProofMethod[],
) {
  return async function proofGuard(request: FastifyRequest, reply: FastifyReply) {
    const code = checkProof(context, request, scope, await methods(request));
    if (code === null) return;
    const language = languageOf(request.headers['accept-language']);
    return reply.status(403).send({ success: false, message: messages.securityProof[code][language], code });
  };
}
