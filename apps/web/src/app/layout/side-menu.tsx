import { LogoutOutlined } from '@ant-design/icons';
import { hasAnyRole } from '@koma/shared';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { MENU } from './menu-config';
import { useLogout } from './use-logout';

const LOGOUT_KEY = 'logout';

/** The sidebar navigation: entries the user's roles allow, then logout. */
export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const logout = useLogout();
  const roles = user.roleIds;

  const items: MenuProps['items'] = [
    ...MENU.filter((entry) => !entry.hidden && hasAnyRole(roles, entry.roles)).map((entry) => ({
      key: entry.path,
      icon: entry.icon,
      label: <Link to={entry.path}>{t(entry.label)}</Link>,
    })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, icon: <LogoutOutlined aria-hidden="true" />, label: t('layout.logout') },
  ];

  return (
    <nav aria-label={t('layout.mainNav')}>
      <Menu
        className="koma-side-menu"
        theme="dark"
        mode="inline"
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => {
          if (key === LOGOUT_KEY) void logout();
        }}
      />
    </nav>
  );
}
