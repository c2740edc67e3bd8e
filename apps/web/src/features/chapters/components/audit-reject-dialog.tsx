import { useTranslation } from 'react-i18next';
import { useChapterActionAuditReject } from '../api/chapter-action-audit-reject';
import { ReasonDialog } from './reason-dialog';

interface AuditRejectDialogProps {
  open: boolean;
  projectId: number;
  chapterId: number;
  onClose: () => void;
}

/** The editor's 否決 of the final audit: the reason is required ('否決理由を入力してください'). */
export function AuditRejectDialog({ open, projectId, chapterId, onClose }: AuditRejectDialogProps) {
  const { t } = useTranslation();
  const reject = useChapterActionAuditReject(projectId, chapterId);
  return (
    <ReasonDialog
      open={open}
      name="chapter-audit-reject"
      title={t('chapterDetails.rejectTitle')}
      label={t('chapterDetails.rejectReason')}
      okText={t('chapterDetails.rejectOk')}
      pending={reject.isPending}
      onSubmit={(remark) => reject.mutateAsync(remark)}
      onClose={onClose}
    />
  );
}
