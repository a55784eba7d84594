import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { UserStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { fromBoolean, nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { AuthFlows, type AuthFlowPurpose } from '../auth/auth-flows';
import { UserRepository, type UserRow } from '../user/repository';
import { CEREMONY_TIMEOUT_MILLISECONDS, type RelyingParty } from './relying-party';
import { PasskeyRepository, type PasskeyRow } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** The WebAuthn user handle of a user: the decimal id. */
const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));
const transportsOf = (row: PasskeyRow): AuthenticatorTransport[] => {
  try {
    return JSON.parse(row.transports) as AuthenticatorTransport[];
  } catch {
    return [];
  }
};
const credentialOf = (row: PasskeyRow) => ({
  id: row.credential_id,
  publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
  counter: row.sign_count,
  transports: transportsOf(row),
});

/** Who began a flow: the signed-in user and session, or nobody (a sign-in). */
export interface FlowOwner {
  userId: number;
  sessionId: string;
  epoch: number;
}

/** What both ceremonies expect of the browser's answer: the flow's challenge, the party's origins and id. */
const expectations = (party: RelyingParty, challenge: string | undefined) => ({
  expectedChallenge: challenge ?? '',
  expectedOrigin: party.origins,
  expectedRPID: party.id,
  requireUserVerification: party.userVerification === 'required',
});

/** A ceremony's verification; one that throws (a malformed answer, say) is a failed one. */
async function verifying<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch {
    throw new AppError(messages.passkey.verificationFailed);
  }
}

/** Passkeys (reference §2): register, sign in without a password, verify for sensitive actions. */
export class PasskeyService {
  readonly repository: PasskeyRepository;
  private readonly flows: AuthFlows;

  constructor(private readonly context: AppContext) {
    this.repository = new PasskeyRepository(context.database);
    this.flows = new AuthFlows(context.database);
  }

  async status(userId: number): Promise<{ enabled: false } | { enabled: true; last_used_at: number }> {
    const row = await this.repository.ofUser(userId);
    return row ? { enabled: true, last_used_at: row.last_used_at } : { enabled: false };
  }

  async beginRegistration(party: RelyingParty, user: UserRow, owner: FlowOwner) {
    const existing = await this.repository.ofUser(user.id);
    const options = await generateRegistrationOptions({
      rpName: party.name,
      rpID: party.id,
      userID: userHandleOf(user.id),
      userName: user.username,
      userDisplayName: user.display_name || user.username,
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MILLISECONDS,
      excludeCredentials: existing ? [{ id: existing.credential_id, transports: transportsOf(existing) }] : [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: party.userVerification,
        ...(party.attachment ? { authenticatorAttachment: party.attachment } : {}),
      },
    });
    const flow = await this.flows.begin({
      purpose: 'passkey_register',
      ...owner,
      payload: { challenge: options.challenge },
    });
    return { options: { publicKey: options }, ...flow };
  }

  async finishRegistration(
    party: RelyingParty,
    owner: FlowOwner,
    flowToken: string,
    response: RegistrationResponseJSON,
  ): Promise<void> {
    const flow = await this.ownFlow('passkey_register', flowToken, owner);
    const verified = await verifying(() =>
      verifyRegistrationResponse({ response, ...expectations(party, flow.payload.challenge) }),
    );
    if (!verified.verified) throw new AppError(messages.passkey.verificationFailed);
    await this.consumeFlow(flowToken);
    const info = verified.registrationInfo;
    const now = nowSeconds();
    await this.repository.replace({
      user_id: owner.userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      attestation_type: info.fmt,
      aaguid: info.aaguid,
      sign_count: info.credential.counter,
      user_present: 1,
      user_verified: fromBoolean(info.userVerified),
      backup_eligible: fromBoolean(info.credentialDeviceType === 'multiDevice'),
      backup_state: fromBoolean(info.credentialBackedUp),
      transports: JSON.stringify(info.credential.transports ?? response.response.transports ?? []),
      attachment: response.authenticatorAttachment ?? '',
      created_at: now,
      updated_at: now,
    });
  }

  /** A usernameless assertion (sign-in), or one for the signed-in user's own passkey (verification). */
  async beginAssertion(
    party: RelyingParty,
    purpose: 'passkey_login' | 'passkey_verify',
    owner: FlowOwner | null,
    scope = '',
  ) {
    let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] = [];
    if (owner) {
      const own = await this.repository.ofUser(owner.userId);
      if (!own) throw new AppError(messages.passkey.notRegistered);
      allowCredentials = [{ id: own.credential_id, transports: transportsOf(own) }];
    }
    const options = await generateAuthenticationOptions({
      rpID: party.id,
      userVerification: party.userVerification,
      timeout: CEREMONY_TIMEOUT_MILLISECONDS,
      allowCredentials,
    });
    const flow = await this.flows.begin({
      purpose,
      ...(owner ?? { userId: 0, sessionId: '', epoch: 0 }),
      payload: { challenge: options.challenge, scope },
    });
    return { options: { publicKey: options }, ...flow };
  }

  /**
   * Checks an assertion against the flow and the stored credential; answers the credential's live
   * owner and the flow's scope. A sign-in finds the user by the credential; a verification must be the owner's own.
   */
  async finishAssertion(
    party: RelyingParty,
    purpose: 'passkey_login' | 'passkey_verify',
    owner: FlowOwner | null,
    flowToken: string,
    response: AuthenticationResponseJSON,
  ) {
    const flow = owner ? await this.ownFlow(purpose, flowToken, owner) : await this.flows.find(flowToken, purpose);
    if (!flow) throw new AppError(messages.passkey.flowExpired);
    const row = await this.repository.byCredentialId(response.id ?? '');
    if (!row || (owner && row.user_id !== owner.userId)) throw new AppError(messages.passkey.unknownCredential);
    const handle = response.response?.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== String(row.user_id))
      throw new AppError(messages.passkey.unknownCredential);
    const user = await new UserRepository(this.context.database).findById(row.user_id);
    if (!user || user.deleted_at !== null) throw new AppError(messages.passkey.unknownCredential);
    if (user.status !== UserStatus.Enabled) throw new AppError(messages.common.userBanned);
    const verified = await verifying(() =>
      verifyAuthenticationResponse({
        response,
        ...expectations(party, flow.payload.challenge),
        credential: credentialOf(row),
      }),
    );
    if (!verified.verified) throw new AppError(messages.passkey.verificationFailed);
    await this.consumeFlow(flowToken);
    const info = verified.authenticationInfo;
    const cloned = info.newCounter !== 0 && info.newCounter <= row.sign_count;
    await this.repository.recordUse(row.id, Math.max(info.newCounter, row.sign_count), {
      user_verified: fromBoolean(info.userVerified),
      backup_state: fromBoolean(info.credentialBackedUp),
      clone_warning: fromBoolean(cloned),
    });
    return { user, scope: flow.payload.scope ?? '' };
  }

  /** Uses up a verified ceremony's flow, once: a replayed answer finds it gone. */
  private async consumeFlow(flowToken: string): Promise<void> {
    if (!(await this.flows.consume(flowToken))) throw new AppError(messages.passkey.flowExpired);
  }

  /** A flow begun by this very user and session, whose sessions have not ended since. */
  private async ownFlow(purpose: AuthFlowPurpose, flowToken: string, owner: FlowOwner) {
    const flow = await this.flows.find(flowToken, purpose);
    if (!flow || flow.userId !== owner.userId || flow.sessionId !== owner.sessionId || flow.epoch !== owner.epoch)
      throw new AppError(messages.passkey.flowExpired);
    return flow;
  }
}
