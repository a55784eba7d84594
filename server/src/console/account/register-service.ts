import type { RegisterFields } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { checkedPassword, checkedUsername } from '../user/credentials';
import { UserRepository } from '../user/repository';
import { VerificationService } from '../verification/verification-service';
import { checkEmailRules, emailInUse } from './email-rules';
import { createUser } from './new-user';
import { messages } from '../../platform/i18n/catalogue';

/** `POST /api/user/register` (spec 000 §5): every rule is checked before anything is written. */
export async function register(context: AppContext, request: RegisterFields): Promise<void> {
  if (!context.options.boolean('RegisterEnabled')) throw new AppError(messages.account.registerDisabled);
  if (!context.options.boolean('PasswordRegisterEnabled'))
    throw new AppError(messages.account.passwordRegisterDisabled);
  if (!request.username.trim() || !request.password) throw new AppError(messages.credential.credentialsRequired);
  const username = checkedUsername(request.username);
  checkedPassword(request.password);
  if (request.password2 !== undefined && request.password2 !== request.password)
    throw new AppError(messages.account.passwordsDiffer);
  const users = new UserRepository(context.database);
  if (await users.usernameTaken(username)) throw new AppError(messages.credential.usernameTaken);
  const email = request.email.trim();
  if (context.options.boolean('EmailVerificationEnabled')) {
    if (!email || !request.verification_code.trim()) throw new AppError(messages.account.emailCodeRequired);
    checkEmailRules(context, email);
    if (await emailInUse(context, email)) throw new AppError(messages.account.emailTaken);
    if (!(await new VerificationService(context).checkCode(email, request.verification_code))) {
      throw new AppError(messages.account.codeWrong);
    }
  }
  await createUser(context, {
    username,
    password: await hashPassword(request.password),
    email: context.options.boolean('EmailVerificationEnabled') ? email : '',
    affCode: request.aff_code.trim(),
  });
}
