import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, type RegisterFields } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { fill } from '../../platform/text';
import { UserRepository } from '../user/repository';
import { VerificationService } from '../verification/verification-service';
import { checkEmailRules, emailInUse } from './email-rules';
import { accountMessages } from './messages';
import { createUser } from './new-user';

/** The password rule shared by registration and password changes: 8 to 20 characters. */
export function checkPasswordLength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError(fill(accountMessages.passwordLength, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
  }
}

/** `POST /api/user/register` (spec 000 §5): every rule is checked before anything is written. */
export async function register(context: AppContext, request: RegisterFields): Promise<void> {
  if (!context.options.boolean('RegisterEnabled')) throw new AppError(accountMessages.registerDisabled);
  if (!context.options.boolean('PasswordRegisterEnabled')) throw new AppError(accountMessages.passwordRegisterDisabled);
  const username = request.username.trim();
  if (!username || !request.password) throw new AppError(accountMessages.credentialsRequired);
  if ([...username].length > USERNAME_MAX_LENGTH) {
    throw new AppError(fill(accountMessages.usernameTooLong, { max: USERNAME_MAX_LENGTH }));
  }
  checkPasswordLength(request.password);
  if (request.password2 !== undefined && request.password2 !== request.password) throw new AppError(accountMessages.passwordsDiffer);
  const users = new UserRepository(context.database);
  if (await users.usernameTaken(username)) throw new AppError(accountMessages.usernameTaken);
  const email = request.email.trim();
  if (context.options.boolean('EmailVerificationEnabled')) {
    if (!email || !request.verification_code.trim()) throw new AppError(accountMessages.emailCodeRequired);
    checkEmailRules(context, email);
    if (await emailInUse(context, email)) throw new AppError(accountMessages.emailTaken);
    if (!(await new VerificationService(context).checkCode(email, request.verification_code))) {
      throw new AppError(accountMessages.codeWrong);
    }
  }
  await createUser(context, {
    username,
    password: await hashPassword(request.password),
    email: context.options.boolean('EmailVerificationEnabled') ? email : '',
    affCode: request.aff_code.trim(),
  });
}
