import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill, type Text } from '../../platform/text';

/**
 * The one wording of each username and password rule (spec 000 §5, §9), for registration, an
 * administrator's add and edit, and a user's own edit alike.
 */
export const credentialMessages = {
  credentialsRequired: { zh: '用户名和密码不能为空', en: 'Username and password cannot be empty' },
  usernameRequired: { zh: '用户名不能为空', en: 'Username cannot be empty' },
  usernameTooLong: { zh: '用户名长度不能超过 {max} 个字符', en: 'The username must not be longer than {max} characters' },
  usernameTaken: { zh: '用户名已存在，请换一个', en: 'This username is already taken' },
  passwordLength: {
    zh: '密码长度不得小于 {min} 位且不得大于 {max} 位',
    en: 'The password must be {min} to {max} characters long',
  },
} satisfies Record<string, Text>;

/** The trimmed username; refuses an empty or too long one. */
export function checkedUsername(value: string): string {
  const username = value.trim();
  if (username === '') throw new AppError(credentialMessages.usernameRequired);
  if ([...username].length > USERNAME_MAX_LENGTH) throw new AppError(fill(credentialMessages.usernameTooLong, { max: USERNAME_MAX_LENGTH }));
  return username;
}

/** A new password: 8 to 20 characters. */
export function checkedPassword(password: string): string {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AppError(fill(credentialMessages.passwordLength, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
  }
  return password;
}
