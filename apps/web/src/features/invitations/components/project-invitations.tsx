import { TeamInvitationStatus } from '@koma/shared/constants';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { formatDay } from '../../../lib/dates';
import { confirmDialog } from '../../../lib/feedback';
import { type ProjectInvitation, useProjectInvitations } from '../api/project-invitations';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { partLabel } from '../lib/part-label';
import { InvitationStatusTag } from './status-tag';
import './invitations.css';

/**
 * Who an invitation went to: the account's nickname, or the address a mail link went to (shown
 * only to the founder and to whoever sent it: docs/access.md, "Inviting").
 */
function inviteeName(item: ProjectInvitation, t: TFunction): string {
  if (item.invitee) return item.invitee.nickname;
  if (item.email === null) return t('invitations.byMailHidden');
  return t('invitations.byMail', { email: item.email });
}

/**
 * 送った招待 (the founder's and the inviters'): each invitation's person, part, sender, state and
 * dates; a waiting one can be withdrawn by the founder or its sender, which also ends its mail link.
 */
export function ProjectInvitations({ projectId, viewerId }: { projectId: number; viewerId: number }) {
  const { t } = useTranslation();
  const list = useProjectInvitations(projectId);
  const withdraw = useWithdrawInvitation();

  const askWithdraw = async (item: ProjectInvitation) => {
    const name = item.invitee?.nickname ?? item.email ?? '';
    const ok = await confirmDialog(t('invitations.withdrawConfirm', { name }), t('invitations.withdraw'), {
      danger: true,
    });
    if (ok) withdraw.mutate({ projectId, invitationId: item.id });
  };

  if (list.isPending) return <LoadingSkeleton rows={2} />;
  if (list.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('invitations.loadFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (list.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitations.empty')} />;
  return (
    <ul className="koma-invitation-list" aria-label={t('invitations.sentTitle')}>
      {list.data.map((item) => {
        const name = inviteeName(item, t);
        return (
          <li key={item.id} className="koma-invitation">
            <div className="koma-invitation-facts">
              <Flex gap={8} align="center" wrap>
                <strong>{name}</strong>
                <InvitationStatusTag status={item.status} />
              </Flex>
              <span>{partLabel(t, item)}</span>
              {item.inviter.id === viewerId ? null : (
                <Typography.Text type="secondary">
                  {t('invitations.sentBy', { name: item.inviter.nickname })}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">
                {t('invitations.sentAt')} {formatDay(item.created_at)}
                {item.status === TeamInvitationStatus.PENDING
                  ? ` ・ ${t('invitations.expiresAt')} ${formatDay(item.expires_at)}`
                  : null}
              </Typography.Text>
            </div>
            {item.withdrawable ? (
              <Button
                size="small"
                danger
                aria-label={t('invitations.withdrawLabel', { name: item.invitee?.nickname ?? item.email })}
                loading={withdraw.isPending && withdraw.variables?.invitationId === item.id}
                onClick={() => void askWithdraw(item)}
              >
                {t('invitations.withdraw')}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
