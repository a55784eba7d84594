import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** The trimmed username; refuses an empty or too long one. */
export function checkedUsername(value: string): string {
  const username = value.trim();
  if (username === '') throw new AppError(messages.credential.usernameRequired);
  if ([...username].length > USERNAME_MAX_LENGTH)
    throw new AppError(fill(messages.credential.usernameTooLong, { max: USERNAME_MAX_LENGTH }));
  return username;
}

/** A new password: 8 to 20 characters. */
export function checkedPassword(password: string): string {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AppError(
      fill(messages.credential.passwordLength, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
    );
  }
  return password;
}
