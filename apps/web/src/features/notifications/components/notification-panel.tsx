import type { NoticeListData } from '@koma/shared/schemas';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FriendRequest } from '../api/friend-requests';
import { FriendRequestList } from './friend-request-list';
import { NoticeList } from './notice-list';
import './notification-panel.css';

export interface NotificationPanelProps {
  notices: NoticeListData | undefined;
  requests: FriendRequest[] | undefined;
  onShowProfile: (userId: number) => void;
  /** A notice leading to a screen was followed. */
  onNavigate: () => void;
  onReply: (request: FriendRequest, state: 1 | 2) => void;
}

/** The bell's panel (loaded on first open): システムメッセージ and 友達申請. */
export default function NotificationPanel({
  notices,
  requests,
  onShowProfile,
  onNavigate,
  onReply,
}: NotificationPanelProps) {
  const { t } = useTranslation();
  const requestCount = requests?.length ?? 0;
  return (
    <div className="koma-bell-panel">
      <Tabs
        size="small"
        items={[
          {
            key: 'system',
            label: t('layout.systemMessages'),
            children: <NoticeList data={notices} onNavigate={onNavigate} onShowProfile={onShowProfile} />,
          },
          {
            key: 'friends',
            label: requestCount
              ? `${t('layout.friendRequests')} (${requestCount})`
              : t('layout.friendRequests'),
            children: (
              <FriendRequestList requests={requests} onShowProfile={onShowProfile} onReply={onReply} />
            ),
          },
        ]}
      />
    </div>
  );
}
