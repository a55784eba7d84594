import { describe, expect, it } from 'vitest';
import { checkUserForm, updateRequestOf, userFormOf } from './user-form';
import { userView } from '../../testing/user-fixtures';

describe('the edit-user form', () => {
  const loaded = userView({ quota: 1_000 });
  const form = userFormOf(loaded);

  it('accepts the loaded user unchanged and sends no quota when it was not touched', () => {
    expect(checkUserForm(form, { self: false })).toBeNull();
    expect(updateRequestOf(loaded, form)).toEqual({
      id: 5,
      username: 'alice',
      display_name: 'Alice',
      group: 'default',
    });
  });

  it('sends a changed quota as the target, an amount to add as a delta, and a typed password', () => {
    expect(updateRequestOf(loaded, { ...form, quota: 2_000, addQuota: -500, password: 'new-password' })).toMatchObject({
      quota: 2_000,
      add_quota: -500,
      password: 'new-password',
    });
  });

  it.each([
    [{ username: ' ' }, 'usernameRequired'],
    [{ username: 'thirteen-char' }, 'usernameTooLong'],
    [{ password: 'short' }, 'passwordLength'],
    [{ password: 'p'.repeat(21) }, 'passwordLength'],
    [{ quota: null }, 'quotaInvalid'],
    [{ quota: -1 }, 'quotaInvalid'],
    [{ addQuota: -1_001 }, 'quotaNegativeResult'],
  ])('refuses %o: %s', (patch, problem) => {
    expect(checkUserForm({ ...form, ...patch }, { self: false })).toBe(problem);
  });

  it('allows a negative amount to add while the result stays at least zero', () => {
    expect(checkUserForm({ ...form, addQuota: -1_000 }, { self: false })).toBeNull();
  });

  it('checks username and password when editing oneself, and asks for the current password with a new one', () => {
    expect(checkUserForm({ ...form, quota: null }, { self: true })).toBeNull();
    expect(checkUserForm({ ...form, username: '' }, { self: true })).toBe('usernameRequired');
    expect(checkUserForm({ ...form, password: 'short' }, { self: true })).toBe('passwordLength');
    expect(checkUserForm({ ...form, password: 'new-password' }, { self: true })).toBe('originalPasswordRequired');
    expect(
      checkUserForm({ ...form, password: 'new-password', originalPassword: 'old-password' }, { self: true }),
    ).toBeNull();
  });
});
