import { Role } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { activeSidebarKey, isConsolePath, sidebarItems, type SidebarFlags } from './sidebar-items';

const allFlags: SidebarFlags = { enable_data_export: true, enable_drawing: true, enable_task: true };
const noFlags: SidebarFlags = { enable_data_export: false, enable_drawing: false, enable_task: false };
/** Every item in the spec order. */
const everyItem = [
  'playground',
  'channel',
  'models',
  'chat',
  'token',
  'detail',
  'redemption',
  'topup',
  'user',
  'subscription',
  'log',
  'midjourney',
  'task',
  'setting',
];
/** The items a flag shows: the dashboard, drawing and task items. */
const flaggedItems = ['detail', 'midjourney', 'task'];
const keys = (role: number | undefined, flags: SidebarFlags) => sidebarItems(role, flags).map((item) => item.key);

describe('sidebar items', () => {
  it('shows every item, in the spec order, to an admin with every flag on', () => {
    expect(keys(Role.Admin, allFlags)).toEqual(everyItem);
    expect(keys(Role.Root, allFlags)).toEqual(keys(Role.Admin, allFlags));
  });

  it.each([Role.Common, undefined])(
    'hides channel, redemption, user and subscription management from role %s',
    (role) => {
      const visible = keys(role, allFlags);
      expect(visible).not.toContain('channel');
      expect(visible).not.toContain('redemption');
      expect(visible).not.toContain('user');
      expect(visible).not.toContain('subscription');
      expect(visible).not.toContain('models');
      expect(visible).toContain('token');
    },
  );

  it('shows the dashboard, drawing and task items only with their flags', () => {
    expect(keys(Role.Root, noFlags)).toEqual(everyItem.filter((key) => !flaggedItems.includes(key)));
    expect(keys(Role.Common, { ...noFlags, enable_drawing: true })).toContain('midjourney');
    expect(keys(Role.Common, { ...noFlags, enable_task: true })).toEqual(expect.arrayContaining(['task']));
    expect(keys(Role.Common, { ...noFlags, enable_data_export: true })).toContain('detail');
  });

  it('finds the item a nested console path belongs to', () => {
    const items = sidebarItems(Role.Root, allFlags);
    expect(activeSidebarKey('/channel/edit/3', items)).toBe('channel');
    expect(activeSidebarKey('/chat/5', items)).toBe('chat');
    expect(activeSidebarKey('/chat2link', items)).toBeUndefined();
    expect(activeSidebarKey('/user/edit', items)).toBe('user');
  });
});

describe('console paths', () => {
  it.each([
    ['/token', true],
    ['/channel/edit/2', true],
    ['/user/edit', true],
    ['/chat/1', true],
    ['/chat2link', true],
    ['/', false],
    ['/login', false],
    ['/pricing', false],
    ['/no/such/page', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isConsolePath(pathname)).toBe(expected);
  });
});
