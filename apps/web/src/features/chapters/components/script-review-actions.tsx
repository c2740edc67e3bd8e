import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { DraftPageStatus } from '@koma/shared/constants';
import type { DraftPage } from '@koma/shared/schemas';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDialog, toastWarning } from '../../../lib/feedback';
import { markCountsWords } from '../../../lib/mark-counts';
import { useApproveAllPages } from '../api/approve-all-pages';
import { approveAllSummary } from '../lib/approve-all-summary';

interface ScriptReviewActionsProps {
  projectId: number;
  chapterId: number;
  pages: readonly DraftPage[];
  busy: boolean;
  onRejectAll: () => void;
}

/**
 * The editor's decision on the whole name: 差し戻す (with a reason, ScriptRejectDialog) and
 * 全ページ承認, which approves every remaining page and the name in one call after a
 * confirmation that says what it will approve (docs/production.md, "Approving the whole name").
 */
export function ScriptReviewActions({
  projectId,
  chapterId,
  pages,
  busy,
  onRejectAll,
}: ScriptReviewActionsProps) {
  const { t } = useTranslation();
  const approveAll = useApproveAllPages(projectId, chapterId);

  const rejectAll = () => {
    if (pages.every((p) => p.status === DraftPageStatus.APPROVED))
      return toastWarning(t('validation.onePageRejected'));
    onRejectAll();
  };

  const confirmApproveAll = async () => {
    const summary = approveAllSummary(pages);
    const lines = [
      summary.toApprove > 0
        ? t('chapterScript.review.approveAllSummary', { total: summary.total, count: summary.toApprove })
        : t('chapterScript.review.approveAllNone', { total: summary.total }),
    ];
    if (summary.sentBack > 0)
      lines.push(t('chapterScript.review.approveAllSentBack', { count: summary.sentBack }));
    if (summary.marks.open + summary.marks.resolved > 0)
      lines.push(t('chapterScript.review.approveAllMarks', { counts: markCountsWords(t, summary.marks) }));
    const sure = await confirmDialog(lines.join(''), t('chapterScript.review.approveAllOk'), {
      title: t('chapterScript.review.approveAllTitle'),
    });
    if (sure) approveAll.mutate();
  };

  return (
    <div className="koma-script-review-actions">
      <Button danger icon={<CloseOutlined aria-hidden="true" />} onClick={rejectAll} disabled={busy}>
        {t('chapterScript.review.reject')}
      </Button>
      <Button
        type="primary"
        icon={<CheckOutlined aria-hidden="true" />}
        onClick={() => void confirmApproveAll()}
        loading={approveAll.isPending}
        disabled={(busy || pages.length === 0) && !approveAll.isPending}
      >
        {t('chapterScript.review.approveAll')}
      </Button>
    </div>
  );
}
