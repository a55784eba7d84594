import { Drawer, Layout, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { Brand } from './brand';
import { NavigationProgress } from './navigation-progress';
import { SidebarMenu } from './sidebar-menu';
import { SidebarToggle } from './sidebar-toggle';
import { SiteFooter } from './site-footer';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';
import { useIsMobile } from './use-is-mobile';
import { useSessionRefresh } from './use-session-refresh';

const SIDEBAR_WIDTH = 220;

/** Console pages: top bar, collapsible sidebar (a drawer on phones), page, footer. */
export function ConsoleLayout() {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const status = useStatus();
  const user = useSessionUser();
  useSessionRefresh(user);
  const [collapsed, setCollapsed] = useState(status.default_collapse_sidebar);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The first render may use the stored status; follow the server's setting once it answers.
  useEffect(() => setCollapsed(status.default_collapse_sidebar), [status.default_collapse_sidebar]);

  const toggle = (
    <SidebarToggle
      isMobile={isMobile}
      collapsed={collapsed}
      onToggle={() => (isMobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavigationProgress />
      <TopBar leading={toggle} />
      <Layout hasSider={!isMobile}>
        {isMobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDEBAR_WIDTH + 20}
            styles={{ body: { padding: 0 } }}
            title={<Brand showName />}
            closable={false}
          >
            <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            theme="light"
            width={SIDEBAR_WIDTH}
            collapsed={collapsed}
            trigger={null}
            style={{
              position: 'sticky',
              top: TOP_BAR_HEIGHT,
              height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
              overflow: 'auto',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <SidebarMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Layout.Content style={{ padding: isMobile ? 16 : 24 }}>
            <Outlet />
          </Layout.Content>
          <SiteFooter />
        </Layout>
      </Layout>
    </Layout>
  );
}
