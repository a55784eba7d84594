import { RESET_LINK_MINUTES, VERIFICATION_CODE_MINUTES, VERIFICATION_RESEND_SECONDS } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { mailConfigured, sendMail } from '../../platform/mailer';
import { hashPassword } from '../../platform/password';
import { fill, type Language, type Text } from '../../platform/text';
import { checkEmailRules, emailInUse } from '../account/email-rules';
import { UserRepository } from '../user/repository';
import { CodeStore, randomHex } from './code-store';
import { messages } from '../../platform/i18n/catalogue';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);

/** Mailed verification codes, reset links and the reset itself (spec 000 §4 reset flow). */
export class VerificationService {
  private readonly codes: CodeStore;

  constructor(private readonly context: AppContext) {
    this.codes = new CodeStore(context.database);
  }

  /** `GET /api/verification`: a 6-character code for an address no account uses yet. */
  async sendCode(email: string, language: Language): Promise<void> {
    this.requireMail();
    checkEmailRules(this.context, email);
    if (await emailInUse(this.context, email)) throw new AppError(messages.account.emailTaken);
    await this.refuseResendTooSoon('verify', email);
    const code = randomHex(6);
    await this.codes.issue('verify', email, code, VERIFICATION_CODE_MINUTES * 60);
    const system = escapeHtml(this.context.options.string('SystemName'));
    await this.mail(email, language, messages.verification.codeSubject, messages.verification.codeBody, {
      system,
      code,
      minutes: VERIFICATION_CODE_MINUTES,
    });
  }

  /** Claims a code sent to `email`; false when it is wrong, used or expired. */
  async checkCode(email: string, code: string): Promise<boolean> {
    return (await this.codes.consume('verify', email, code.trim().toLowerCase())) !== null;
  }

  /** `GET /api/reset_password`: a link `{ServerAddress}/user/reset?email=…&token=…` to a registered address. */
  async sendResetLink(email: string, language: Language): Promise<void> {
    if (!email) throw new AppError(messages.verification.emailRequired);
    this.requireMail();
    if (!(await emailInUse(this.context, email))) throw new AppError(messages.verification.emailNotRegistered);
    await this.refuseResendTooSoon('reset', email);
    const token = randomHex(32);
    await this.codes.issue('reset', email, token, RESET_LINK_MINUTES * 60);
    const address = this.context.options.string('ServerAddress').replace(/\/+$/, '');
    const link = `${address}/user/reset?${new URLSearchParams({ email, token }).toString()}`;
    const system = escapeHtml(this.context.options.string('SystemName'));
    await this.mail(email, language, messages.verification.resetSubject, messages.verification.resetBody, {
      system,
      link: escapeHtml(link),
      minutes: RESET_LINK_MINUTES,
    });
  }

  /** `POST /api/user/reset`: a valid link sets and answers a new random 12-character password. */
  async resetPassword(email: string, token: string): Promise<string> {
    if (!email || (await this.codes.consume('reset', email, token)) === null) {
      throw new AppError(messages.verification.resetLinkInvalid);
    }
    const password = randomHex(12);
    const user = await this.context.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) throw new AppError(messages.verification.resetLinkInvalid);
    await this.context.database.db
      .updateTable('users')
      .set({ password: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
    await new UserRepository(this.context.database).endSessionsAndAccessToken(toNumber(user.id));
    await this.context.bus.userChanged(user.id);
    return password;
  }

  private async refuseResendTooSoon(purpose: 'verify' | 'reset', email: string): Promise<void> {
    if ((await this.codes.issuedSince(purpose, email, VERIFICATION_RESEND_SECONDS)) > 0) {
      throw new AppError(fill(messages.verification.sendTooSoon, { seconds: VERIFICATION_RESEND_SECONDS }));
    }
  }

  private requireMail(): void {
    if (!mailConfigured(this.context.options)) throw new AppError(messages.verification.mailNotConfigured);
  }

  private async mail(
    to: string,
    language: Language,
    subject: Text,
    body: Text,
    params: Record<string, string | number>,
  ): Promise<void> {
    try {
      await sendMail(this.context.options, {
        to,
        subject: fill(subject, params)[language],
        html: fill(body, params)[language],
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError(fill(messages.verification.mailFailed, { detail }));
    }
  }
}
