import { LogoutOutlined } from '@ant-design/icons';
import { hasAnyRole } from '@koma/shared/constants';
import { Button, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { MENU } from './menu-config';
import { useLogout } from './use-logout';

/**
 * The sidebar navigation: entries the user's roles allow, then logout. Logout is a button of its
 * own, not a menu entry: an entry without a link is reached only with the arrow keys, a button
 * with Tab like the links above it.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const logout = useLogout();
  const roles = user.roleIds;

  const items: MenuProps['items'] = MENU.filter(
    (entry) => !entry.hidden && hasAnyRole(roles, entry.roles),
  ).map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label: <Link to={entry.path}>{t(entry.label)}</Link>,
  }));

  return (
    <nav aria-label={t('layout.mainNav')}>
      <Menu className="koma-side-menu" theme="dark" mode="inline" selectedKeys={[pathname]} items={items} />
      <div className="koma-side-logout">
        <Button
          type="text"
          block
          icon={<LogoutOutlined aria-hidden="true" />}
          aria-label={collapsed ? t('layout.logout') : undefined}
          onClick={() => void logout()}
        >
          {collapsed ? null : t('layout.logout')}
        </Button>
      </div>
    </nav>
  );
}
