import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language/language-menu';
import { AppBreadcrumb } from './app-breadcrumb';
import { AvatarMenu } from './avatar-menu';
import { NotificationBell } from './notification-bell';

interface TopBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Top bar: sidebar toggle, breadcrumb, bell, language and the avatar menu. */
export function TopBar({ collapsed, onToggle }: TopBarProps) {
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
        type="text"
        onClick={onToggle}
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        aria-expanded={!collapsed}
        icon={collapsed ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />}
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
