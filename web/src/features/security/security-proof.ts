import {
  fetchPasskeyStatus,
  fetchTwoFactorStatus,
  verifyWithPasskey,
  verifyWithTwoFactor,
  type Proof,
  type ProofScope,
} from '../../api/resources/security';

export type ProofMethod = Proof['method'];

/** Proofs are reused by this page until shortly before they expire (the server allows five minutes). */
const proofs = new Map<ProofScope, Proof>();
const MARGIN_SECONDS = 10;

export function cachedProof(scope: ProofScope): Proof | null {
  const proof = proofs.get(scope);
  if (!proof || proof.expires_at - MARGIN_SECONDS < Date.now() / 1000) return null;
  return proof;
}

export function forgetProof(scope: ProofScope): void {
  proofs.delete(scope);
}

/** Obtains and caches a proof by a code (TOTP or backup) or by the account's passkey. */
export async function obtainProof(scope: ProofScope, method: ProofMethod, code = ''): Promise<Proof> {
  const proof = method === '2fa' ? await verifyWithTwoFactor(code, scope) : await verifyWithPasskey(scope);
  proofs.set(scope, proof);
  return proof;
}

/** Which ways of verifying this account has: its two-factor, and its passkey when passkeys are on. */
export async function availableMethods(passkeysOn: boolean): Promise<ProofMethod[]> {
  const [twoFactor, passkey] = await Promise.all([
    fetchTwoFactorStatus(),
    passkeysOn ? fetchPasskeyStatus() : Promise.resolve({ enabled: false }),
  ]);
  return [...(twoFactor.enabled ? (['2fa'] as const) : []), ...(passkey.enabled ? (['passkey'] as const) : [])];
}
