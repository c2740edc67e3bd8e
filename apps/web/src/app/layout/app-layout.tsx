import { LIMITS } from '@koma/shared';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { SkipLink } from '../../components/skip-link';
import { MAIN_ID } from '../../lib/main-heading';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useLiveEvents } from './use-live-events';
import { useSidebar } from './use-sidebar';
import './app-layout.css';

/** The frame of the logged-in screens. */
export function AppLayout() {
  const { pathname } = useLocation();
  const sidebar = useSidebar(pathname);
  useLiveEvents();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Layout.Sider
        width={LIMITS.sidebarWidthPx}
        collapsible
        collapsed={sidebar.collapsed}
        collapsedWidth={sidebar.mobile ? 0 : 64}
        trigger={null}
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
          // A closed phone sidebar must not keep its links in the tab order.
          visibility: sidebar.mobile && sidebar.collapsed ? 'hidden' : 'visible',
        }}
      >
        <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Logo to="/dashboard" inverted compact={sidebar.collapsed} />
        </div>
        <SideMenu collapsed={sidebar.collapsed} />
      </Layout.Sider>
      <Layout>
        <TopBar collapsed={sidebar.collapsed} onToggle={sidebar.toggle} />
        <Layout.Content id={MAIN_ID} style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
