import { Button, Flex, Layout, Menu, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';
import { isConsolePath } from './sidebar-items';
import { ThemeSwitch } from './theme-switch';
import { useIsMobile } from './use-is-mobile';
import { UserMenu } from './user-menu';

export const TOP_BAR_HEIGHT = 64;

const sections = [
  { key: 'home', path: '/' },
  { key: 'console', path: '/token' },
  { key: 'pricing', path: '/pricing' },
  { key: 'about', path: '/about' },
] as const;

function activeSection(pathname: string): string | undefined {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/pricing')) return 'pricing';
  if (pathname.startsWith('/about')) return 'about';
  if (pathname === '/user/reset') return undefined;
  return isConsolePath(pathname) ? 'console' : undefined;
}

/** Brand, site sections, theme and language switches, and sign-in or the user menu. */
export function TopBar({ leading }: { leading?: ReactNode }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = activeSection(pathname);
  const docsLink = useStatus().docs_link;
  const items: Array<{ key: string; label: ReactNode }> = sections.map((section) => ({
    key: section.key,
    label: <Link to={section.path}>{t(`nav.${section.key}`)}</Link>,
  }));
  if (docsLink) {
    items.push({
      key: 'docs',
      label: (
        <a href={docsLink} target="_blank" rel="noreferrer" data-testid="top-nav-docs">
          {t('nav.docs')}
        </a>
      ),
    });
  }

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        gap: isMobile ? 8 : 16,
        height: TOP_BAR_HEIGHT,
        lineHeight: `${TOP_BAR_HEIGHT}px`,
        paddingInline: isMobile ? 12 : 24,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {leading}
      <Brand showName={!isMobile} />
      <Menu
        mode="horizontal"
        selectedKeys={selected ? [selected] : []}
        items={items}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
        data-testid="top-nav"
      />
      <Flex gap={4} align="center" style={{ flexShrink: 0 }}>
        <ThemeSwitch />
        <LanguageSwitch compact={isMobile} />
        {user ? (
          <UserMenu user={user} compact={isMobile} />
        ) : (
          <>
            <Button type="text" onClick={() => void navigate('/login')} data-testid="top-login">
              {t('header.login')}
            </Button>
            {isMobile ? null : (
              <Button type="primary" onClick={() => void navigate('/register')}>
                {t('header.register')}
              </Button>
            )}
          </>
        )}
      </Flex>
    </Layout.Header>
  );
}
