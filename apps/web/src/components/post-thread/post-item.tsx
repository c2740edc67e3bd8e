import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { avatarUrl } from '../../lib/avatar-url';
import { formatTime } from '../../lib/dates';
import './post-thread.css';

export interface PostItemProps {
  pic: string | null | undefined;
  nickname: string;
  time: Parameters<typeof formatTime>[0];
  content: string;
}

/** One post of a thread, a board or a file's notes: picture, name, time and the text as written. */
export function PostItem({ pic, nickname, time, content }: PostItemProps) {
  return (
    <li className="koma-post">
      <Avatar size={36} src={avatarUrl(pic)} icon={<UserOutlined aria-hidden="true" />} alt="" />
      <div style={{ minWidth: 0 }}>
        <div className="koma-post-head">
          <strong>{nickname}</strong>
          <span className="koma-post-time">{formatTime(time)}</span>
        </div>
        <div className="koma-prewrap">{content}</div>
      </div>
    </li>
  );
}
