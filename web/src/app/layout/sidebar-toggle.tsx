import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface SidebarToggleProps {
  isMobile: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

/** Folds the sidebar on wide screens; opens the navigation drawer on phones. */
export function SidebarToggle({ isMobile, collapsed, onToggle }: SidebarToggleProps) {
  const { t } = useTranslation('layout');
  let icon = collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  let label = collapsed ? t('sidebar.expand') : t('sidebar.collapse');
  if (isMobile) {
    icon = <MenuOutlined />;
    label = t('header.openMenu');
  }
  return <Button type="text" icon={icon} aria-label={label} onClick={onToggle} data-testid="menu-toggle" />;
}
