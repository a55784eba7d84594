import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { fill } from '../../platform/text';
import type { UserRow } from '../user/repository';
import { looksLikeBackupCode, newBackupCodes, normaliseBackupCode } from './backup-codes';
import { TwoFactorRepository } from './repository';
import { looksLikeTotpCode, matchingStep, newTotpSecret, totpUri } from './totp';
import { messages } from '../../platform/i18n/catalogue';

export interface TwoFactorSetup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
}

const hashCodes = (codes: string[]) => Promise.all(codes.map((code) => hashPassword(normaliseBackupCode(code))));

/** TOTP two-factor authentication of one's own account (reference §1). */
export class TwoFactorService {
  readonly repository: TwoFactorRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new TwoFactorRepository(context.database);
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.repository.find(userId))?.is_enabled === 1;
  }

  /** A new pending secret and four backup codes; the only time either is ever shown. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    if (await this.isEnabled(user.id)) throw new AppError(messages.twoFactor.disableFirst);
    const secret = newTotpSecret();
    const codes = newBackupCodes();
    await this.repository.replacePending(user.id, secret, await hashCodes(codes));
    const issuer = this.context.options.string('SystemName') || 'Switchboard';
    return { secret, qr_code_data: totpUri(issuer, user.username, secret), backup_codes: codes };
  }

  /** Turns the pending factor on with a code of its secret (backup codes do not count here). */
  async enable(user: UserRow, code: string): Promise<void> {
    const factor = await this.repository.find(user.id);
    if (!factor) throw new AppError(messages.twoFactor.setupFirst);
    if (factor.is_enabled === 1) throw new AppError(messages.twoFactor.alreadyEnabled);
    const step = matchingStep(factor.secret, code);
    if (step === null || !(await this.repository.claimStep(user.id, step, true)))
      throw new AppError(messages.twoFactor.wrongCode);
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const factor = await this.repository.find(userId);
    if (!factor || factor.is_enabled !== 1) return { enabled: false, locked: false };
    return {
      enabled: true,
      locked: factor.locked_until > nowSeconds(),
      backup_codes_remaining: await this.repository.remainingCodes(userId),
    };
  }

  async disable(user: UserRow, code: string): Promise<void> {
    await this.check(user.id, code, { backupCodes: true });
    await this.repository.remove(user.id);
  }

  /** Four new backup codes in place of the old ones, against a TOTP code. */
  async regenerate(user: UserRow, code: string): Promise<string[]> {
    await this.check(user.id, code, { backupCodes: false });
    const codes = newBackupCodes();
    await this.repository.replaceCodes(user.id, await hashCodes(codes));
    return codes;
  }

  /**
   * Checks a code of the user's enabled factor: a TOTP code of a step not used before, or (when
   * allowed) an unused backup code, which is used up. Five failures in a row lock for 300 s.
   */
  async check(userId: number, code: string, allow: { backupCodes: boolean }): Promise<void> {
    const factor = await this.repository.find(userId);
    if (!factor || factor.is_enabled !== 1) throw new AppError(messages.twoFactor.notEnabled);
    const now = nowSeconds();
    if (factor.locked_until > now)
      throw new AppError(fill(messages.twoFactor.locked, { time: new Date(factor.locked_until * 1000).toISOString() }));
    if (!code.trim()) throw new AppError(messages.twoFactor.codeRequired);
    if (looksLikeTotpCode(code)) {
      const step = matchingStep(factor.secret, code);
      if (step !== null && (await this.repository.claimStep(userId, step))) return;
    } else if (allow.backupCodes && looksLikeBackupCode(code) && (await this.useBackupCode(userId, code))) {
      await this.repository.resetFailures(userId);
      return;
    }
    await this.repository.recordFailure(userId);
    const after = await this.repository.find(userId);
    if (after && after.locked_until > now)
      throw new AppError(fill(messages.twoFactor.locked, { time: new Date(after.locked_until * 1000).toISOString() }));
    throw new AppError(messages.twoFactor.wrongCode);
  }

  private async useBackupCode(userId: number, code: string): Promise<boolean> {
    const normalised = normaliseBackupCode(code);
    for (const candidate of await this.repository.unusedCodes(userId)) {
      if (await verifyPassword(normalised, candidate.code_hash)) return this.repository.useCode(candidate.id);
    }
    return false;
  }

  async stats(): Promise<{ total_users: number; enabled_users: number; enabled_rate: string }> {
    const [enabled, total] = await Promise.all([
      this.repository.enabledCount(),
      this.context.database.db
        .selectFrom('users')
        .select((select) => select.fn.countAll().as('count'))
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const totalUsers = Number(total.count);
    const rate = totalUsers === 0 ? 0 : (enabled * 100) / totalUsers;
    return { total_users: totalUsers, enabled_users: enabled, enabled_rate: `${Math.round(rate * 10) / 10}%` };
  }
}
