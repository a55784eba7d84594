import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { useIsMobile } from './use-is-mobile';

/** Public pages: top bar, page, footer; no sidebar. */
export function SiteLayout() {
  const isMobile = useIsMobile();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavigationProgress />
      <TopBar />
      <Layout.Content style={{ padding: isMobile ? 16 : 24 }}>
        <Outlet />
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
