import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../lib/avatar-url';
import './person.css';

interface PersonButtonProps {
  nickname: string;
  pic: string;
  onClick: () => void;
  /** Avatar size in px (the picture is always requested at 80x80). */
  size?: number;
  /** Only the picture (the name is shown elsewhere); the button keeps the name as its label. */
  pictureOnly?: boolean;
}

/** A person's picture and name; a click opens their profile popup. */
export function PersonButton({ nickname, pic, onClick, size = 48, pictureOnly = false }: PersonButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="koma-person-button"
      onClick={onClick}
      aria-label={t('people.viewProfile', { name: nickname })}
    >
      <Avatar
        size={size}
        src={avatarUrl(pic)}
        icon={<UserOutlined aria-hidden="true" />}
        alt=""
        className="koma-person-avatar"
      />
      {pictureOnly ? null : <span className="koma-person-name">{nickname}</span>}
    </button>
  );
}
