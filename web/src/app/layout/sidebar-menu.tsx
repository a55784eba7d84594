import { Menu } from 'antd';
import { createElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { activeSidebarKey, groupedSidebarItems, sidebarItems } from './sidebar-items';

interface SidebarMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The console's sections under three headings (console, admin, personal), filtered by role and status flags. */
export function SidebarMenu({ collapsed = false, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation('layout');
  const user = useSessionUser();
  const status = useStatus();
  const { pathname } = useLocation();
  const items = useMemo(() => sidebarItems(user?.role, status), [user?.role, status]);
  const selected = activeSidebarKey(pathname, items);

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none', paddingBlock: 8 }}
      data-testid="sidebar"
      items={groupedSidebarItems(items).map(({ group, items: entries }) => ({
        type: 'group' as const,
        key: `group-${group}`,
        label: collapsed ? null : <span data-testid={`menu-group-${group}`}>{t(`sidebarGroups.${group}`)}</span>,
        children: entries.map((item) => ({
          key: item.key,
          icon: createElement(item.icon),
          label: (
            <Link to={item.path} onClick={onNavigate} data-testid={`sidebar-${item.key}`}>
              {t(item.labelKey)}
            </Link>
          ),
        })),
      }))}
    />
  );
}
