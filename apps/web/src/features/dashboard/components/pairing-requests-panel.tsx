import type { HomePageData } from '@koma/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { MessageDialog } from '../../../components/message-dialog/message-dialog';
import { PersonButton } from '../../../components/person/person-button';
import { queryKeys } from '../../../lib/query-keys';
import { dealPairing } from '../api/deal-pairing';

type Pairing = HomePageData['pairs'][number];

interface PairingRequestsPanelProps {
  requests: Pairing[] | undefined;
  onShowProfile: (userid: number) => void;
  /** The home page's answer has not come yet: a skeleton, not "no data". */
  loading?: boolean;
}

/** マッチング申請 (roles 1, 2): incoming requests, 同意します / お断りします with a message. */
export function PairingRequestsPanel({
  requests,
  onShowProfile,
  loading = false,
}: PairingRequestsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState<{ request: Pairing; state: 1 | 2 } | null>(null);
  const agree = reply?.state === 1;

  return (
    <Card
      title={<h2 className="koma-card-heading">{t('dashboard.pairingRequests')}</h2>}
      style={{ height: '100%' }}
    >
      {loading ? (
        <LoadingSkeleton avatar />
      ) : requests?.length ? (
        <ul className="koma-people-list">
          {requests.map((r) => (
            <li key={r.msgId} className="koma-people-item">
              {/* Wide enough for the whole name: on a phone the buttons go under it (issue 40 #11). */}
              <div style={{ minWidth: 0, flex: '1 1 14em' }}>
                <PersonButton
                  nickname={r.nick}
                  pic={r.head}
                  onClick={() => onShowProfile(r.userid)}
                  size={40}
                />
                {r.message ? (
                  <div className="koma-prewrap" style={{ marginTop: 4 }}>
                    {r.message}
                  </div>
                ) : null}
              </div>
              <Flex gap={8}>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => setReply({ request: r, state: 1 })}
                  aria-label={t('dashboard.agreeWho', { name: r.nick })}
                >
                  {t('dashboard.agreePairing')}
                </Button>
                <Button
                  danger
                  size="small"
                  onClick={() => setReply({ request: r, state: 2 })}
                  aria-label={t('dashboard.refuseWho', { name: r.nick })}
                >
                  {t('dashboard.refusePairing')}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
      )}
      <MessageDialog
        open={reply !== null}
        title={agree ? t('dashboard.agreeTitle') : t('dashboard.refuseTitle')}
        lead={
          reply
            ? t(agree ? 'dashboard.agreeLead' : 'dashboard.refuseLead', { name: reply.request.nick })
            : null
        }
        okText={agree ? t('dashboard.agreePairing') : t('dashboard.refusePairing')}
        danger={!agree}
        onSubmit={async (message) => {
          if (!reply) return;
          try {
            await dealPairing(reply.request.msgId, reply.state, message);
          } finally {
            void queryClient.invalidateQueries({ queryKey: queryKeys.homePage });
          }
        }}
        onClose={() => setReply(null)}
      />
    </Card>
  );
}
