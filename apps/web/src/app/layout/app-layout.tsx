import { LIMITS } from '@koma/shared/constants';
import { Layout } from 'antd';
import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { SkipLink } from '../../components/skip-link';
import { MAIN_ID } from '../../lib/main-heading';
import { MenuDrawer } from './menu-drawer';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useLiveEvents } from './use-live-events';
import { useScrollToHash } from './use-scroll-to-hash';
import { useSidebar } from './use-sidebar';
import './app-layout.css';

/**
 * The frame of the logged-in screens: on a desktop a collapsible sidebar column beside the page,
 * on a phone a drawer over it (a column there would push the page sideways).
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const sidebar = useSidebar(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  useLiveEvents();
  useScrollToHash();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {sidebar.mobile ? (
        <MenuDrawer
          open={sidebar.drawerOpen}
          navigated={sidebar.navigated}
          onClose={sidebar.closeDrawer}
          onLeave={sidebar.leaveDrawer}
          trigger={menuButton}
        />
      ) : (
        // The dark column runs the page's whole length; its content stays in view as the page scrolls
        // (a sticky Sider of the window's height stopped short of a long page's bottom: issue 30 §5).
        <Layout.Sider
          width={LIMITS.sidebarWidthPx}
          collapsible
          collapsed={sidebar.collapsed}
          collapsedWidth={64}
          trigger={null}
        >
          <div className="koma-sider-inner">
            <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Logo to="/dashboard" inverted compact={sidebar.collapsed} />
            </div>
            <SideMenu collapsed={sidebar.collapsed} />
          </div>
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar
          menuOpen={sidebar.mobile ? sidebar.drawerOpen : !sidebar.collapsed}
          onToggle={sidebar.toggle}
          menuButton={menuButton}
        />
        <Layout.Content id={MAIN_ID} style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
