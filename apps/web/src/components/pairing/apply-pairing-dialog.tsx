import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { MessageDialog } from '../message-dialog/message-dialog';

export interface PairingTarget {
  userid: number;
  nickname: string;
}

/** matching.apply: success shows the info. */
export function applyPairing(toUid: number, message: string) {
  return call('matching', 'apply', { toUid, message }, { successToast: true });
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
