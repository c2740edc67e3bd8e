import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { MessageDialog } from '../message-dialog/message-dialog';

export interface PairingTarget {
  userid: number;
  nickname: string;
}

/** POST /api/friends/applyPairing {toUid, message}: success shows the info (spec section 7). */
export function applyPairing(toUid: number, message: string) {
  return api.postReply<null>('/api/friends/applyPairing', { toUid, message }, { successToast: true });
}

/** 申請へ: a matching request with an optional message, then the lists refresh. */
export function ApplyPairingDialog({
  target,
  onClose,
}: {
  target: PairingTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <MessageDialog
      open={target !== null}
      title={t('pairing.applyTitle')}
      lead={target ? t('pairing.applyLead', { name: target.nickname }) : null}
      okText={t('pairing.send')}
      onSubmit={async (message) => {
        if (!target) return;
        try {
          await applyPairing(target.userid, message);
        } finally {
          void queryClient.invalidateQueries({ queryKey: queryKeys.personSearch });
          void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
        }
      }}
      onClose={onClose}
    />
  );
}
