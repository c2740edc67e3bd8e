import { CheckStatus } from '@koma/shared/constants';
import type { DraftPage } from '@koma/shared/schemas';
import { useTranslation } from 'react-i18next';
import { usePageCheck } from '../api/page-check';
import { ReasonDialog } from './reason-dialog';

interface ScriptPageRejectDialogProps {
  projectId: number;
  chapterId: number;
  /** The page being sent back; null: closed. */
  page: DraftPage | null;
  onClose: () => void;
}

/**
 * 差し戻す on one storyboard page asks why first (issue 40): a tap beside 承認 no longer sends a
 * page back on its own, and the reason stays on the page as the editor's comment.
 */
export function ScriptPageRejectDialog({ projectId, chapterId, page, onClose }: ScriptPageRejectDialogProps) {
  const { t } = useTranslation();
  const check = usePageCheck(projectId, chapterId);
  return (
    <ReasonDialog
      open={page !== null}
      name="script-page-reject"
      title={t('chapterScript.page.rejectTitle', { num: page?.num ?? 0 })}
      label={t('chapterScript.page.rejectReason')}
      okText={t('chapterScript.page.reject')}
      pending={check.isPending}
      onSubmit={(remark) =>
        check.mutateAsync({ pageId: page?.id ?? 0, checkStatus: CheckStatus.REFUSE, remark })
      }
      onClose={onClose}
    />
  );
}
