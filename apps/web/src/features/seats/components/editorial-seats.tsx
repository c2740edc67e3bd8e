import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { formatDay } from '../../../lib/dates';
import { confirmDialog } from '../../../lib/feedback';
import { useProjectSeats } from '../api/project-seats';
import { useRemoveSeat } from '../api/remove-seat';
import { useWithdrawSeat } from '../api/withdraw-seat';
import { AddSeatDialog } from './add-seat-dialog';
import './seats.css';

/**
 * 編集の席: the project's 副担当 and 編集長 beside the editor in charge (docs/access.md, "Editorial
 * seats"). The founder and the editor in charge add a seat (the editor accepts an invitation),
 * withdraw a waiting one and take a seat back; a holder leaves from the member list.
 */
export function EditorialSeats({ projectId, ongoing }: { projectId: number; ongoing: boolean }) {
  const { t } = useTranslation();
  const seats = useProjectSeats(projectId);
  const remove = useRemoveSeat();
  const withdraw = useWithdrawSeat();
  const [adding, setAdding] = useState(false);

  if (seats.isPending) return <LoadingSkeleton rows={2} />;
  if (seats.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('seats.loadFailed')}
        action={<Button onClick={() => void seats.refetch()}>{t('common.retry')}</Button>}
      />
    );
  const { may_manage: mayManage, pending } = seats.data;
  const askRemove = async (userId: number, name: string) => {
    const ok = await confirmDialog(t('seats.removeConfirm', { name }), t('seats.remove'), { danger: true });
    if (ok) remove.mutate({ projectId, userId });
  };
  const askWithdraw = async (invitationId: number, name: string) => {
    const ok = await confirmDialog(t('seats.withdrawConfirm', { name }), t('seats.withdraw'), {
      danger: true,
    });
    if (ok) withdraw.mutate({ projectId, invitationId });
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('seats.lead')}</Typography.Text>
      {mayManage ? (
        <div>
          <Button className="koma-seat-button" disabled={!ongoing} onClick={() => setAdding(true)}>
            {t('seats.add')}
          </Button>
        </div>
      ) : null}
      {seats.data.seats.length === 0 && pending.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('seats.empty')} />
      ) : (
        <ul className="koma-seat-list" aria-label={t('seats.title')}>
          {seats.data.seats.map((s) => (
            <li key={`seat-${s.user.id}`} className="koma-seat">
              <div className="koma-seat-facts">
                <strong>{s.user.nickname}</strong>
                <span>{s.seat_name}</span>
              </div>
              {mayManage ? (
                <Button
                  danger
                  className="koma-seat-button"
                  aria-label={t('seats.removeLabel', { name: s.user.nickname })}
                  loading={remove.isPending && remove.variables?.userId === s.user.id}
                  onClick={() => void askRemove(s.user.id, s.user.nickname)}
                >
                  {t('seats.remove')}
                </Button>
              ) : null}
            </li>
          ))}
          {pending.map((p) => (
            <li key={`invitation-${p.id}`} className="koma-seat">
              <div className="koma-seat-facts">
                <strong>{p.invitee.nickname}</strong>
                <span>{t('seats.waiting', { seat: p.seat_name })}</span>
                <Typography.Text type="secondary">
                  {t('seats.sentBy', { name: p.inviter.nickname })} ・ {t('invitations.expiresAt')}{' '}
                  {formatDay(p.expires_at)}
                </Typography.Text>
              </div>
              <Button
                danger
                className="koma-seat-button"
                aria-label={t('seats.withdrawLabel', { name: p.invitee.nickname })}
                loading={withdraw.isPending && withdraw.variables?.invitationId === p.id}
                onClick={() => void askWithdraw(p.id, p.invitee.nickname)}
              >
                {t('seats.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {mayManage ? (
        <AddSeatDialog projectId={projectId} open={adding} onClose={() => setAdding(false)} />
      ) : null}
    </Flex>
  );
}
