import type { TFunction } from 'i18next';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  type SelfUpdateRequest,
  type UserUpdateRequest,
  type UserView,
} from '@switchboard/contract';

/** The edit-user panel's fields as typed (spec 000 "Edit-user panel"). */
export interface UserFormValues {
  username: string;
  displayName: string;
  /** empty keeps the current password */
  password: string;
  /** editing oneself: the current password, needed only when the password changes */
  originalPassword: string;
  group: string;
  quota: number | null;
  /** added on save; negative subtracts */
  addQuota: number | null;
}

export type UserFormProblem =
  | 'usernameRequired'
  | 'usernameTooLong'
  | 'passwordLength'
  | 'originalPasswordRequired'
  | 'quotaInvalid'
  | 'quotaNegativeResult';

export const userFormOf = (user: UserView): UserFormValues => ({
  username: user.username,
  displayName: user.display_name,
  password: '',
  originalPassword: '',
  group: user.group,
  quota: user.quota,
  addQuota: null,
});

/** The balance after saving: the quota field plus the amount to add. */
export const quotaAfterSave = (values: Pick<UserFormValues, 'quota' | 'addQuota'>): number =>
  (values.quota ?? 0) + (values.addQuota ?? 0);

/** A password typed into the panel, or one given when adding a user, must have 8 to 20 characters. */
export const passwordLengthOk = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH;

/** The message of a problem; username and password rules read as the server words them (common:credentials). */
export function userFormProblemText(t: TFunction, problem: UserFormProblem): string {
  if (problem === 'passwordLength')
    return t('common:credentials.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  if (problem === 'usernameTooLong') return t('common:credentials.usernameTooLong', { max: USERNAME_MAX_LENGTH });
  if (problem === 'usernameRequired') return t('common:credentials.usernameRequired');
  return t(`problems.${problem}`);
}

/** The first thing wrong with the form, or null. Oneself edits no group or quota, and changes the password with the current one. */
export function checkUserForm(values: UserFormValues, options: { self: boolean }): UserFormProblem | null {
  const username = values.username.trim();
  if (username === '') return 'usernameRequired';
  if ([...username].length > USERNAME_MAX_LENGTH) return 'usernameTooLong';
  if (values.password !== '' && !passwordLengthOk(values.password)) return 'passwordLength';
  if (options.self && values.password !== '' && values.originalPassword === '') return 'originalPasswordRequired';
  if (!options.self) {
    if (values.quota === null || !Number.isInteger(values.quota) || values.quota < 0) return 'quotaInvalid';
    if (values.addQuota !== null && !Number.isInteger(values.addQuota)) return 'quotaInvalid';
    if (quotaAfterSave(values) < 0) return 'quotaNegativeResult';
  }
  return null;
}

/** What saving one's own profile sends: the current password goes only with a new one. */
export function selfUpdateRequestOf(values: UserFormValues): SelfUpdateRequest {
  return {
    username: values.username.trim(),
    display_name: values.displayName.trim(),
    ...(values.password === '' ? {} : { password: values.password, original_password: values.originalPassword }),
  };
}

/**
 * What an administrator's save sends. The quota goes only when it was changed, so spending that
 * happened while the panel was open is not overwritten; the amount to add goes as a delta.
 */
export function updateRequestOf(user: UserView, values: UserFormValues): UserUpdateRequest {
  return {
    id: user.id,
    username: values.username.trim(),
    display_name: values.displayName.trim(),
    group: values.group.trim(),
    ...(values.password === '' ? {} : { password: values.password }),
    ...(values.quota !== null && values.quota !== user.quota ? { quota: values.quota } : {}),
    ...(values.addQuota ? { add_quota: values.addQuota } : {}),
  };
}
