import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language/language-menu';
import { AppBreadcrumb } from './app-breadcrumb';
import { AvatarMenu } from './avatar-menu';
import { NotificationBell } from './notification-bell';

interface TopBarProps {
  /** The sidebar is expanded (desktop) or the menu drawer open (phone). */
  menuOpen: boolean;
  onToggle: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}

/** Top bar: menu button, breadcrumb, bell, language and the avatar menu. */
export function TopBar({ menuOpen, onToggle, menuButton }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid #e8e8ef',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        ref={menuButton}
        type="text"
        onClick={onToggle}
        aria-label={menuOpen ? t('layout.collapse') : t('layout.expand')}
        aria-expanded={menuOpen}
        icon={menuOpen ? <MenuFoldOutlined aria-hidden="true" /> : <MenuUnfoldOutlined aria-hidden="true" />}
      />
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <AppBreadcrumb />
      </div>
      <Flex align="center" gap={4}>
        <NotificationBell />
        <LanguageMenu />
        <AvatarMenu />
      </Flex>
    </Layout.Header>
  );
}
