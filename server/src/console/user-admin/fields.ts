import {
  DISPLAY_NAME_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { userAdminMessages as text } from './messages';

/** The trimmed username; refuses an empty or too long one. */
export function checkedUsername(value: string): string {
  const username = value.trim();
  if (username === '') throw new AppError(text.usernameRequired);
  if ([...username].length > USERNAME_MAX_LENGTH) throw new AppError(fill(text.usernameTooLong, { max: USERNAME_MAX_LENGTH }));
  return username;
}

/** A new password: 8 to 20 characters, as at registration. */
export function checkedPassword(password: string): string {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AppError(fill(text.passwordLength, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
  }
  return password;
}

/** The trimmed display name; empty means "same as the username". */
export function checkedDisplayName(value: string, username: string): string {
  const displayName = value.trim();
  if ([...displayName].length > DISPLAY_NAME_MAX_LENGTH) {
    throw new AppError(fill(text.displayNameTooLong, { max: DISPLAY_NAME_MAX_LENGTH }));
  }
  return displayName === '' ? username : displayName;
}

export function checkedGroup(value: string): string {
  const group = value.trim();
  if (group === '') throw new AppError(text.groupRequired);
  if (group.length > GROUP_NAME_MAX_LENGTH) throw new AppError(fill(text.groupTooLong, { max: GROUP_NAME_MAX_LENGTH }));
  return group;
}
