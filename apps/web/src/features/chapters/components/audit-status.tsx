import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditView } from '../lib/work-status';

interface AuditStatusProps {
  /** audit_record of the work flow (null: not submitted). */
  record: { audit_status: number; remark: string } | null;
}

/**
 * The final audit (校了): -10 修正が必要 with the editor's reason, 1 編集者承認待ち, 10 校了;
 * nothing before the first submission.
 */
export function AuditStatus({ record }: AuditStatusProps) {
  const { t } = useTranslation();
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
            <div>{t('chapterDetails.audit.rejectedLead')}</div>
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
        title={t('chapterDetails.audit.waiting')}
        description={t('chapterDetails.audit.waitingLead')}
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
