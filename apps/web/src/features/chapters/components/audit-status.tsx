import type { ChapterDetails } from '@koma/shared/schemas';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { readerOf } from '../lib/reader';
import { auditView } from '../lib/work-status';

interface AuditStatusProps {
  /** audit_record of the work flow (null: not submitted). */
  record: { audit_status: number; remark: string } | null;
  /** Who reads it: the founder asked, the editor decides, the rest of the team waits. */
  viewer: ChapterDetails['viewer'];
}

/**
 * The final audit (校了): -10 修正が必要 with the editor's reason, 1 編集者承認待ち, 10 校了;
 * nothing before the first submission. Each reader gets the words meant for them.
 */
export function AuditStatus({ record, viewer }: AuditStatusProps) {
  const { t } = useTranslation();
  const reader = readerOf(viewer);
  const view = auditView(record?.audit_status);
  if (!record || !view) return null;
  if (view === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('chapterDetails.audit.rejected')}
        description={
          <>
            <div>{t(`chapterDetails.audit.rejectedLead.${reader}`)}</div>
            <div className="koma-prewrap">
              <strong>{t('chapterDetails.audit.reason')}</strong>
              {record.remark || t('chapterDetails.audit.noReason')}
            </div>
          </>
        }
      />
    );
  }
  if (view === 'waiting') {
    return (
      <Alert
        type="info"
        showIcon
        title={t(`chapterDetails.audit.waiting.${reader}`)}
        description={t(`chapterDetails.audit.waitingLead.${reader}`)}
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      title={t('chapterDetails.audit.passed')}
      description={t('chapterDetails.audit.passedLead')}
    />
  );
}
