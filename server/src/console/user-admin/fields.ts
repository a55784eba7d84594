import { DISPLAY_NAME_MAX_LENGTH, GROUP_NAME_MAX_LENGTH } from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** The trimmed display name; empty means "same as the username". */
export function checkedDisplayName(value: string, username: string): string {
  const displayName = value.trim();
  if ([...displayName].length > DISPLAY_NAME_MAX_LENGTH) {
    throw new AppError(fill(messages.userAdmin.displayNameTooLong, { max: DISPLAY_NAME_MAX_LENGTH }));
  }
  return displayName === '' ? username : displayName;
}

/**
 * The trimmed group; a new group must be one of the group ratios (a user in a group without a ratio
 * could use nothing). The user's current group is kept even if its ratio has gone since.
 */
export function checkedGroup(value: string, current: string, groupRatios: Record<string, unknown>): string {
  const group = value.trim();
  if (group === '') throw new AppError(messages.userAdmin.groupRequired);
  if (group.length > GROUP_NAME_MAX_LENGTH)
    throw new AppError(fill(messages.userAdmin.groupTooLong, { max: GROUP_NAME_MAX_LENGTH }));
  if (group !== current && !Object.hasOwn(groupRatios, group))
    throw new AppError(fill(messages.userAdmin.groupUnknown, { group }));
  return group;
}
