import { TeamInvitationStatus } from '@koma/shared/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string | undefined> = {
  [TeamInvitationStatus.PENDING]: 'blue',
  [TeamInvitationStatus.DECLINED]: 'orange',
};

/** An invitation's state in words: 返事待ち, 承諾済み, お断り, 取り消し済み, 期限切れ. */
export function InvitationStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      // antd's green tag text falls short of WCAG AA contrast; koma-tag-ok does not.
      className={status === TeamInvitationStatus.ACCEPTED ? 'koma-tag-ok' : undefined}
      color={COLORS[status]}
    >
      {t(`invitations.status.${status}` as 'invitations.status.pending', status)}
    </Tag>
  );
}
