import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenuButton } from '../../components/use-menu-button';
import { avatarUrl } from '../../lib/avatar-url';
import { useCurrentUser } from '../../lib/session';
import { useLogout } from './use-logout';

/** The user's avatar (requested at 80x80) with the profile link and logout. */
export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const logout = useLogout();
  const button = useMenuButton();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      // Opening moves focus into the menu, so the arrow keys reach its entries at once.
      autoFocus
      onOpenChange={button.onOpenChange}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined aria-hidden="true" />, label: t('layout.profile') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden="true" />, label: t('layout.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/personalInfo/personalInfo');
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button
        ref={button.ref}
        type="text"
        aria-label={t('layout.accountMenu', { name: user.nickname })}
        style={{ height: 40, padding: '0 6px' }}
      >
        <Avatar
          size={32}
          src={avatarUrl(user.pic)}
          icon={<UserOutlined aria-hidden="true" />}
          alt=""
          draggable={false}
          style={{ backgroundColor: user.pic ? undefined : '#2f54eb' }}
        />
        <span className="koma-topbar-name">{user.nickname}</span>
      </Button>
    </Dropdown>
  );
}
