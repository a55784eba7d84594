import { Role } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { creationRefusalOf, refusalOf, type UserAction } from './permissions';
import { messages } from '../../platform/i18n/catalogue';

const root = { id: 1, role: Role.Root };
const admin = { id: 2, role: Role.Admin };
const normal = { id: 3, role: Role.Common };

describe('refusalOf (spec 000 §6)', () => {
  it.each<[string, { id: number; role: number }, { id: number; role: number }, UserAction, unknown]>([
    ['root promotes a normal user', root, normal, 'promote', null],
    ['root demotes an admin', root, admin, 'demote', null],
    ['admin disables a normal user', admin, normal, 'disable', null],
    ['admin promotes a normal user', admin, normal, 'promote', messages.userAdmin.onlyRootPromotes],
    ['root promotes an admin', root, admin, 'promote', messages.userAdmin.alreadyAdmin],
    ['root demotes a normal user', root, normal, 'demote', messages.userAdmin.alreadyCommon],
    ['admin reads another admin', admin, { id: 9, role: Role.Admin }, 'read', messages.userAdmin.sameOrHigherRole],
    ['admin updates itself', admin, admin, 'update', messages.userAdmin.sameOrHigherRole],
    ['root deletes itself', root, root, 'delete', messages.userAdmin.rootCannotBeDeleted],
    ['admin disables root', admin, root, 'disable', messages.userAdmin.rootCannotBeDisabled],
    ['root demotes root', root, root, 'demote', messages.userAdmin.rootCannotBeDemoted],
    ['root reads itself (exempt, as in the reference)', root, root, 'read', null],
    ['root updates itself', root, root, 'update', null],
    ['root enables root', root, root, 'enable', null],
    ['root promotes root', root, root, 'promote', messages.userAdmin.alreadyAdmin],
  ])('%s', (_case, caller, target, action, expected) => {
    expect(refusalOf(caller, target, action)).toEqual(expected);
  });
});

describe('creationRefusalOf', () => {
  it('allows only roles below the caller', () => {
    expect(creationRefusalOf(Role.Root, Role.Admin)).toBeNull();
    expect(creationRefusalOf(Role.Admin, Role.Common)).toBeNull();
    expect(creationRefusalOf(Role.Admin, Role.Admin)).toEqual(messages.userAdmin.createSameOrHigherRole);
    expect(creationRefusalOf(Role.Root, Role.Root)).toEqual(messages.userAdmin.createSameOrHigherRole);
  });

  it.each([Role.Guest, 5, 1000, -1])('refuses the unknown or guest role %s', (role) => {
    expect(creationRefusalOf(Role.Root, role)).toEqual(messages.userAdmin.roleInvalid);
  });
});
