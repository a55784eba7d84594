import type { AppContext } from '../../app-context';
import { anyMatch } from '../../db/table-queries';
import { AppError } from '../../platform/errors';
import { messages } from '../../platform/i18n/catalogue';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The address rules an administrator can turn on: a well-formed address, a whitelisted domain
 * (EmailDomainRestrictionEnabled) and no alias characters in the local part (EmailAliasRestrictionEnabled).
 */
export function checkEmailRules(context: AppContext, email: string): void {
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw new AppError(messages.account.emailInvalid);
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (context.options.boolean('EmailDomainRestrictionEnabled')) {
    const allowed = context.options
      .string('EmailDomainWhitelist')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) throw new AppError(messages.account.emailDomainRefused);
  }
  if (context.options.boolean('EmailAliasRestrictionEnabled') && /[+.]/.test(local)) {
    throw new AppError(messages.account.emailAliasRefused);
  }
}

/** Whether a live account already uses this address. */
export async function emailInUse(context: AppContext, email: string, exceptUserId = 0): Promise<boolean> {
  return anyMatch(
    context.database.db
      .selectFrom('users')
      .where('email', '=', email)
      .where('id', '!=', exceptUserId)
      .where('deleted_at', 'is', null),
  );
}
