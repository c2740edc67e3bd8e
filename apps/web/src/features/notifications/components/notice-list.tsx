import type { NoticeListData } from '@koma/shared/schemas';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/dates';
import { noticeDestination } from '../lib/notice-destination';

type Notice = NoticeListData['notices'][number];

export interface NoticeListProps {
  data: NoticeListData | undefined;
  /** A notice leading to a screen was followed: the panel closes. */
  onNavigate: () => void;
  onShowProfile: (userId: number) => void;
}

/**
 * System messages: text (plain, line breaks kept), time, unread ones marked. Each notice with a
 * target is a link to what it is about (a screen, or a person's profile); the rest stay text.
 */
export function NoticeList({ data, onNavigate, onShowProfile }: NoticeListProps) {
  const { t } = useTranslation();
  if (!data || data.notices.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <ul className="koma-bell-list">
      {data.notices.map((n) => (
        <li key={n.id} className={n.is_unread ? 'koma-bell-item koma-bell-unread' : 'koma-bell-item'}>
          <NoticeOpener notice={n} onNavigate={onNavigate} onShowProfile={onShowProfile}>
            {n.is_unread ? <span className="koma-bell-dot">{t('notifications.unread')}</span> : null}
            <span className="koma-prewrap koma-bell-text">{n.message}</span>
            <time dateTime={n.create_time} className="koma-bell-time">
              {formatTime(n.create_time)}
            </time>
          </NoticeOpener>
        </li>
      ))}
    </ul>
  );
}

function NoticeOpener({
  notice,
  onNavigate,
  onShowProfile,
  children,
}: Omit<NoticeListProps, 'data'> & { notice: Notice; children: ReactNode }) {
  const to = noticeDestination(notice.target);
  if (!to) return <div className="koma-bell-body">{children}</div>;
  if ('profileOf' in to)
    return (
      <button
        type="button"
        className="koma-bell-body koma-bell-link"
        onClick={() => onShowProfile(to.profileOf)}
      >
        {children}
      </button>
    );
  return (
    <Link to={to.path} className="koma-bell-body koma-bell-link" onClick={onNavigate}>
      {children}
    </Link>
  );
}
