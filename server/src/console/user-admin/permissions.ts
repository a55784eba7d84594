import { Role, type UserManageAction } from '@switchboard/contract';
import type { Text } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** What an administrator can do to one existing user: read and update, plus the manage actions. */
export type UserAction = 'read' | 'update' | UserManageAction;

export interface Party {
  id: number;
  role: number;
}

/** Protections of the super administrator that hold whoever asks (spec 000 §6). */
const rootProtection: Partial<Record<UserAction, Text>> = {
  disable: messages.userAdmin.rootCannotBeDisabled,
  delete: messages.userAdmin.rootCannotBeDeleted,
  demote: messages.userAdmin.rootCannotBeDemoted,
};

/**
 * Spec 000 §6 as one rule: the refusal for `caller` doing `action` to `target`, or null when allowed.
 * Nobody but the super administrator acts on a user of the same or a higher role (themselves
 * included); the super administrator is exempt, as in the reference, so it reads and edits its own
 * record (the log page's user dialog opens it). The super administrator cannot be disabled, deleted
 * or demoted; only the super administrator promotes; promoting an administrator or demoting a normal
 * user is refused.
 */
export function refusalOf(caller: Party, target: Party, action: UserAction): Text | null {
  if (target.role >= Role.Root && rootProtection[action]) return rootProtection[action];
  if (target.role >= caller.role && caller.role < Role.Root) return messages.userAdmin.sameOrHigherRole;
  if (action === 'promote') {
    if (caller.role < Role.Root) return messages.userAdmin.onlyRootPromotes;
    if (target.role >= Role.Admin) return messages.userAdmin.alreadyAdmin;
  }
  if (action === 'demote' && target.role < Role.Admin) return messages.userAdmin.alreadyCommon;
  return null;
}

/** The refusal for `callerRole` creating a user at `role`, or null when allowed. */
export function creationRefusalOf(callerRole: number, role: number): Text | null {
  if (!(Object.values(Role) as number[]).includes(role) || role === Role.Guest) return messages.userAdmin.roleInvalid;
  if (role >= callerRole) return messages.userAdmin.createSameOrHigherRole;
  return null;
}
