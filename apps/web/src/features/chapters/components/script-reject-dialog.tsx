import { CheckStatus } from '@koma/shared/constants';
import { useTranslation } from 'react-i18next';
import { useChapterCheck } from '../api/chapter-check';
import { ReasonDialog } from './reason-dialog';

interface ScriptRejectDialogProps {
  open: boolean;
  projectId: number;
  chapterId: number;
  onClose: () => void;
}

/**
 * The editor's 否決 of the storyboard: the reason is required ('否決理由を入力してください') and
 * becomes the chapter's name_remark (status → 5).
 */
export function ScriptRejectDialog({ open, projectId, chapterId, onClose }: ScriptRejectDialogProps) {
  const { t } = useTranslation();
  const check = useChapterCheck(projectId, chapterId);
  return (
    <ReasonDialog
      open={open}
      name="script-reject"
      title={t('chapterScript.review.rejectTitle')}
      label={t('chapterScript.review.reason')}
      okText={t('chapterScript.review.rejectOk')}
      pending={check.isPending}
      onSubmit={(chapterNote) => check.mutateAsync({ checkStatus: CheckStatus.REFUSE, chapterNote })}
      onClose={onClose}
    />
  );
}
