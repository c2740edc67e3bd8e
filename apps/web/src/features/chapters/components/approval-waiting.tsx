import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface ApprovalWaitingProps {
  /** Who may pass or send back the work handed in, by nickname; empty when nothing awaits approval. */
  approvers: readonly string[];
  /** The reader is one of them. */
  mine: boolean;
}

/**
 * Who must act on work handed in (issue 30): 「あなたの承認待ち」 for one who decides on it, else
 * who does, by name; nothing when nothing awaits approval.
 */
export function ApprovalWaiting({ approvers, mine }: ApprovalWaitingProps) {
  const { t, i18n } = useTranslation();
  if (approvers.length === 0) return null;
  if (mine)
    return (
      // A solid tag: antd's light orange fails the text contrast (WCAG AA) on a table row.
      <Tag color="#ad4e00" className="koma-approval-waiting">
        {t('chapterDetails.steps.awaitingMyApproval')}
      </Tag>
    );
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(approvers);
  return (
    <Typography.Text type="secondary" className="koma-approval-waiting">
      {t('chapterDetails.steps.approvers', { names })}
    </Typography.Text>
  );
}
