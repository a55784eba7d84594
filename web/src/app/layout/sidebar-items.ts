import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CommentOutlined,
  CrownOutlined,
  ExperimentOutlined,
  GiftOutlined,
  HistoryOutlined,
  KeyOutlined,
  PictureOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { isAdmin, type StatusData } from '@switchboard/contract';
import type { ComponentType } from 'react';

export type SidebarFlags = Pick<StatusData, 'enable_data_export' | 'enable_drawing' | 'enable_task'>;

/** The sidebar's headings, in their order: everyday console work, administration, one's own account. */
export const SIDEBAR_GROUPS = ['console', 'admin', 'personal'] as const;
export type SidebarGroup = (typeof SIDEBAR_GROUPS)[number];

export interface SidebarItem {
  key: string;
  group: SidebarGroup;
  path: string;
  /** Key in the `layout` namespace. */
  labelKey: string;
  icon: ComponentType;
}

interface SidebarRule extends SidebarItem {
  adminOnly?: boolean;
  /** The status flag that must be on for the item to appear. */
  flag?: keyof SidebarFlags;
}

// Spec 001 "Layout and navigation", in its order; the models page (issue 37) follows channels.
const rules: SidebarRule[] = [
  {
    key: 'playground',
    group: 'console',
    path: '/playground',
    labelKey: 'sidebar.playground',
    icon: ExperimentOutlined,
  },
  { key: 'channel', group: 'admin', path: '/channel', labelKey: 'sidebar.channel', icon: ApiOutlined, adminOnly: true },
  {
    key: 'models',
    group: 'admin',
    path: '/models',
    labelKey: 'sidebar.models',
    icon: AppstoreOutlined,
    adminOnly: true,
  },
  { key: 'chat', group: 'console', path: '/chat', labelKey: 'sidebar.chat', icon: CommentOutlined },
  { key: 'token', group: 'console', path: '/token', labelKey: 'sidebar.token', icon: KeyOutlined },
  {
    key: 'detail',
    group: 'console',
    path: '/detail',
    labelKey: 'sidebar.detail',
    icon: BarChartOutlined,
    flag: 'enable_data_export',
  },
  {
    key: 'redemption',
    group: 'admin',
    path: '/redemption',
    labelKey: 'sidebar.redemption',
    icon: GiftOutlined,
    adminOnly: true,
  },
  { key: 'topup', group: 'personal', path: '/topup', labelKey: 'sidebar.topup', icon: WalletOutlined },
  { key: 'user', group: 'admin', path: '/user', labelKey: 'sidebar.user', icon: TeamOutlined, adminOnly: true },
  {
    key: 'subscription',
    group: 'admin',
    path: '/subscription',
    labelKey: 'sidebar.subscription',
    icon: CrownOutlined,
    adminOnly: true,
  },
  { key: 'log', group: 'console', path: '/log', labelKey: 'sidebar.log', icon: HistoryOutlined },
  {
    key: 'midjourney',
    group: 'console',
    path: '/midjourney',
    labelKey: 'sidebar.midjourney',
    icon: PictureOutlined,
    flag: 'enable_drawing',
  },
  {
    key: 'task',
    group: 'console',
    path: '/task',
    labelKey: 'sidebar.task',
    icon: ScheduleOutlined,
    flag: 'enable_task',
  },
  { key: 'setting', group: 'personal', path: '/setting', labelKey: 'sidebar.setting', icon: SettingOutlined },
];

/** The sidebar entries a user with `role` sees (undefined for a visitor) under these flags. */
export function sidebarItems(role: number | undefined, flags: SidebarFlags): SidebarItem[] {
  const admin = role !== undefined && isAdmin(role);
  return rules
    .filter((rule) => (!rule.adminOnly || admin) && (!rule.flag || flags[rule.flag]))
    .map(({ key, group, path, labelKey, icon }) => ({ key, group, path, labelKey, icon }));
}

/** The items under their headings, each heading in SIDEBAR_GROUPS order and only when it has an item. */
export function groupedSidebarItems(items: SidebarItem[]): Array<{ group: SidebarGroup; items: SidebarItem[] }> {
  return SIDEBAR_GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter(
    (entry) => entry.items.length > 0,
  );
}

/** Whether a path is one of the console's sections (as opposed to the public site). */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/chat2link' || activeSidebarKey(pathname, rules) !== undefined;
}

/** The entry a console path belongs to (`/channel/edit/3` -> channel), if any. */
export function activeSidebarKey(pathname: string, items: SidebarItem[]): string | undefined {
  return items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.key;
}
