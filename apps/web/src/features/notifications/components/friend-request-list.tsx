import { Button, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonButton } from '../../../components/person/person-button';
import type { FriendRequest } from '../api/friend-requests';

interface FriendRequestListProps {
  requests: FriendRequest[] | undefined;
  onShowProfile: (userId: number) => void;
  onReply: (request: FriendRequest, state: 1 | 2) => void;
}

/** Pending friend requests: picture, name, message, 同意 and 否決 (each opens a message dialog). */
export function FriendRequestList({ requests, onShowProfile, onReply }: FriendRequestListProps) {
  const { t } = useTranslation();
  if (!requests || requests.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <ul className="koma-bell-list">
      {requests.map((r) => (
        <li key={r.msgId} className="koma-bell-item">
          <PersonButton
            nickname={r.userName}
            pic={r.userImg}
            size={40}
            onClick={() => onShowProfile(r.userId)}
          />
          {r.message ? <div className="koma-prewrap koma-bell-message">{r.message}</div> : null}
          <Flex gap={8} justify="flex-end" style={{ marginTop: 8 }}>
            <Button
              size="small"
              type="primary"
              onClick={() => onReply(r, 1)}
              aria-label={t('notifications.agreeWho', { name: r.userName })}
            >
              {t('notifications.agree')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => onReply(r, 2)}
              aria-label={t('notifications.refuseWho', { name: r.userName })}
            >
              {t('notifications.refuse')}
            </Button>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
