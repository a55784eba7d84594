import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences';

export function ThemeSwitch() {
  const { t } = useTranslation('layout');
  const { themeMode, setThemeMode } = usePreferences();
  const dark = themeMode === 'dark';
  const label = dark ? t('header.toLight') : t('header.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={() => setThemeMode(dark ? 'light' : 'dark')}
        data-testid="theme-switch"
      />
    </Tooltip>
  );
}
