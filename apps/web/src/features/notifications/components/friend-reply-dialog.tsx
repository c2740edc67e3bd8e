import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/message-dialog/message-dialog';
import { queryKeys } from '../../../lib/query-keys';
import { dealFriend, type FriendRequest } from '../api/friend-requests';

export interface FriendReply {
  request: FriendRequest;
  state: 1 | 2;
}

interface FriendReplyDialogProps {
  reply: FriendReply | null;
  onClose: () => void;
}

/** 同意 / 否決 of a friend request, with an optional message; then the lists reload. */
export default function FriendReplyDialog({ reply, onClose }: FriendReplyDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agree = reply?.state === 1;
  return (
    <MessageDialog
      open={reply !== null}
      title={agree ? t('notifications.agreeTitle') : t('notifications.refuseTitle')}
      lead={
        reply
          ? t(agree ? 'notifications.agreeLead' : 'notifications.refuseLead', {
              name: reply.request.userName,
            })
          : null
      }
      okText={agree ? t('notifications.agree') : t('notifications.refuse')}
      danger={!agree}
      onSubmit={async (message) => {
        if (!reply) return;
        try {
          await dealFriend(reply.request.msgId, reply.state, message);
        } finally {
          void queryClient.invalidateQueries({ queryKey: queryKeys.wantedFriends });
          void queryClient.invalidateQueries({ queryKey: queryKeys.friends });
          void queryClient.invalidateQueries({ queryKey: queryKeys.profileDetails });
        }
      }}
      onClose={onClose}
    />
  );
}
