import { Role, UserStatus } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import type { UserAction } from './permissions';
import {
  signInNewUser,
  storedStanding,
  userAdminClient,
  type UserAdminClient,
} from '../../testing/user-admin-fixtures';
import { messages } from '../../platform/i18n/catalogue';

type CallerKind = 'normal' | 'admin' | 'root';
type TargetKind = 'normal' | 'admin' | 'root' | 'self';
const ACTIONS: UserAction[] = ['read', 'update', 'promote', 'demote', 'disable', 'enable', 'delete'];

const OK = 'allowed';
const same = messages.userAdmin.sameOrHigherRole.en;
const guard = messages.common.permissionDenied.en;
const everything = (outcome: string) =>
  Object.fromEntries(ACTIONS.map((action) => [action, outcome])) as Record<UserAction, string>;
const rootProtections = {
  demote: messages.userAdmin.rootCannotBeDemoted.en,
  disable: messages.userAdmin.rootCannotBeDisabled.en,
  delete: messages.userAdmin.rootCannotBeDeleted.en,
};
/** An administrator acting on the super administrator. */
const onRoot = { ...everything(same), ...rootProtections };
/** The super administrator acting on a super administrator (another one, or itself): exempt from the same-or-higher rule, as in the reference. */
const rootOnRoot = { ...everything(OK), promote: messages.userAdmin.alreadyAdmin.en, ...rootProtections };

/** Spec 000 §6, written out case by case: caller × target × action → allowed or the refusal. */
const EXPECTED: Record<CallerKind, Record<TargetKind, Record<UserAction, string>>> = {
  normal: { normal: everything(guard), admin: everything(guard), root: everything(guard), self: everything(guard) },
  admin: {
    normal: {
      read: OK,
      update: OK,
      promote: messages.userAdmin.onlyRootPromotes.en,
      demote: messages.userAdmin.alreadyCommon.en,
      disable: OK,
      enable: OK,
      delete: OK,
    },
    admin: everything(same),
    root: onRoot,
    self: everything(same),
  },
  root: {
    normal: {
      read: OK,
      update: OK,
      promote: OK,
      demote: messages.userAdmin.alreadyCommon.en,
      disable: OK,
      enable: OK,
      delete: OK,
    },
    admin: {
      read: OK,
      update: OK,
      promote: messages.userAdmin.alreadyAdmin.en,
      demote: OK,
      disable: OK,
      enable: OK,
      delete: OK,
    },
    root: rootOnRoot,
    self: rootOnRoot,
  },
};

const CREATION: Record<CallerKind, Record<number, string>> = {
  normal: { [Role.Common]: guard, [Role.Admin]: guard, [Role.Root]: guard },
  admin: {
    [Role.Common]: OK,
    [Role.Admin]: messages.userAdmin.createSameOrHigherRole.en,
    [Role.Root]: messages.userAdmin.createSameOrHigherRole.en,
  },
  root: { [Role.Common]: OK, [Role.Admin]: OK, [Role.Root]: messages.userAdmin.createSameOrHigherRole.en },
};

const TARGET_ROLE: Record<Exclude<TargetKind, 'self'>, number> = {
  normal: Role.Common,
  admin: Role.Admin,
  root: Role.Root,
};

/** What the stored user looks like after an allowed action, from how they looked before. */
function expectedAfter(action: UserAction, before: Awaited<ReturnType<typeof storedStanding>>) {
  switch (action) {
    case 'update':
      return { ...before, display_name: 'changed' };
    case 'promote':
      return { ...before, role: Role.Admin };
    case 'demote':
      return { ...before, role: Role.Common };
    case 'disable':
      return { ...before, status: UserStatus.Disabled };
    case 'enable':
      return { ...before, status: UserStatus.Enabled };
    case 'delete':
      return { ...before, deleted: true };
    case 'read':
      return before;
  }
}

await describeOnEachDatabase('the permission matrix over HTTP on %s', (server, kind) => {
  const callers = {} as Record<CallerKind, { id: number; client: UserAdminClient }>;
  let serial = 0;

  beforeAll(async () => {
    for (const [name, role] of [
      ['normal', Role.Common],
      ['admin', Role.Admin],
    ] as const) {
      const signedIn = await signInNewUser(server, `caller-${name}`, role);
      callers[name] = { id: signedIn.id, client: userAdminClient(server, signedIn.headers) };
    }
    const rootHeaders = await signIn(server, 'root', '123456');
    callers.root = { id: Number(rootHeaders['New-Api-User']), client: userAdminClient(server, rootHeaders) };
  });

  async function targetFor(caller: CallerKind, target: TargetKind, action: UserAction): Promise<number> {
    if (target === 'self') return callers[caller].id;
    serial += 1;
    const id = await addUser(server, `t${serial}-${kind.slice(0, 2)}`, { role: TARGET_ROLE[target] });
    if (action === 'enable')
      await server.context.database.db
        .updateTable('users')
        .set({ status: UserStatus.Disabled })
        .where('id', '=', id)
        .execute();
    return id;
  }

  const cases = (Object.keys(EXPECTED) as CallerKind[]).flatMap((caller) =>
    (Object.keys(EXPECTED[caller]) as TargetKind[]).flatMap((target) =>
      ACTIONS.map((action) => ({ caller, target, action, expected: EXPECTED[caller][target][action] })),
    ),
  );

  it.each(cases)('$caller → $action → $target: $expected', async ({ caller, target, action, expected }) => {
    const id = await targetFor(caller, target, action);
    const before = await storedStanding(server, id);
    const client = callers[caller].client;
    const reply =
      action === 'read'
        ? await client.get(id)
        : action === 'update'
          ? await client.update({ id, display_name: 'changed' })
          : await client.manage(id, action);
    expect(reply.success ? OK : reply.message).toBe(expected);
    const after = await storedStanding(server, id);
    if (expected !== OK) {
      expect(after).toEqual(before);
      return;
    }
    expect(after).toEqual(expectedAfter(action, before));
    if (action === 'read') expect(reply.data).toMatchObject({ id, username: before.username, password: '' });
    if (action !== 'read' && action !== 'update')
      expect(reply.data).toEqual({ role: after.role, status: after.status });
  });

  const creations = (Object.keys(CREATION) as CallerKind[]).flatMap((caller) =>
    [Role.Common, Role.Admin, Role.Root].map((role) => ({ caller, role, expected: CREATION[caller][role] })),
  );

  it.each(creations)('$caller creates a user at role $role: $expected', async ({ caller, role, expected }) => {
    serial += 1;
    const username = `new${serial}`;
    const reply = await callers[caller].client.create({ username, display_name: 'New', password: 'password123', role });
    expect(reply.success ? OK : reply.message).toBe(expected);
    const stored = await server.context.database.db
      .selectFrom('users')
      .select('role')
      .where('username', '=', username)
      .executeTakeFirst();
    expect(stored === undefined ? null : Number(stored.role)).toBe(expected === OK ? role : null);
  });
});
