import type { NoticeListData } from '@koma/shared';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';

/** System messages: text (plain, line breaks kept), time, unread ones marked. */
export function NoticeList({ data }: { data: NoticeListData | undefined }) {
  const { t } = useTranslation();
  if (!data || data.notices.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <ul className="koma-bell-list">
      {data.notices.map((n) => (
        <li key={n.id} className={n.is_unread ? 'koma-bell-item koma-bell-unread' : 'koma-bell-item'}>
          {n.is_unread ? <span className="koma-bell-dot">{t('notifications.unread')}</span> : null}
          <div className="koma-prewrap">{n.message}</div>
          <time dateTime={n.create_time} className="koma-bell-time">
            {formatTime(n.create_time)}
          </time>
        </li>
      ))}
    </ul>
  );
}
