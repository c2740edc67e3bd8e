import { LIMITS } from '@koma/shared/constants';
import { Drawer } from 'antd';
import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { focusMainHeading } from '../../lib/main-heading';
import { SideMenu } from './side-menu';

/** The dark of the desktop sidebar (antd's Layout.Sider), so the menu looks the same on a phone. */
const SIDER_BG = '#001529';

interface MenuDrawerProps {
  open: boolean;
  /** The last close came from a change of screen. */
  navigated: boolean;
  onClose: () => void;
  /** A link inside was followed. */
  onLeave: () => void;
  /** The top bar's menu button, where focus returns when the drawer is closed without navigating. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * The menu on a phone: a drawer over the page (it never pushes the page sideways), opened by the
 * top bar's menu button. Escape and the mask close it; focus stays inside while it is open.
 */
export function MenuDrawer({ open, navigated, onClose, onLeave, trigger }: MenuDrawerProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  const afterOpenChange = (visible: boolean) => {
    if (visible) {
      // Into the menu, at the current screen's entry: Tab and the arrows go on from there.
      const links = content.current?.querySelectorAll<HTMLAnchorElement>('.ant-menu a');
      const current = content.current?.querySelector<HTMLAnchorElement>('.ant-menu-item-selected a');
      (current ?? links?.[0])?.focus();
      return;
    }
    // After a change of screen focus belongs to the new screen's heading (issue 18, Keyboard).
    if (navigated && focusMainHeading()) return;
    trigger.current?.focus();
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={afterOpenChange}
      placement="left"
      size={LIMITS.sidebarWidthPx}
      closable={false}
      focusable={{ trap: true, focusTriggerAfterClose: false }}
      aria-label={t('layout.mainNav')}
      styles={{ body: { padding: 0, background: SIDER_BG } }}
    >
      {/* A followed link closes the drawer, even one to the screen already shown. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens to the links' clicks */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link clicks it */}
      <div ref={content} onClick={(event) => (event.target as Element).closest('a') && onLeave()}>
        <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Logo to="/dashboard" inverted />
        </div>
        <SideMenu collapsed={false} />
      </div>
    </Drawer>
  );
}
