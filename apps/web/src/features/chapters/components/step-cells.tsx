import type { WorkStep } from '@koma/shared/schemas';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { viewerPath } from '../../viewer';
import { ApprovalWaiting } from './approval-waiting';
import { StepStatusTag } from './step-status-tag';

interface StepThumbProps {
  projectId: number;
  chapterId: number;
  pageNum: number;
  step: WorkStep;
}

/** A step's handed-in file as a thumbnail that opens it in the viewer, or なし. */
export function StepThumb({ projectId, chapterId, pageNum, step }: StepThumbProps) {
  const { t } = useTranslation();
  return (
    <div className="koma-step-thumb">
      {step.renditions ? (
        <Link
          to={viewerPath(projectId, chapterId, { page: pageNum, revision: step.renditions.uploadId })}
          aria-label={t('viewer.openWhat', { what: step.position })}
        >
          <RenditionImage
            renditions={step.renditions}
            size="thumb"
            alt={t('chapterDetails.steps.thumbnailAlt', { num: pageNum, task: step.position })}
          />
        </Link>
      ) : (
        <span>{t('chapterDetails.steps.noThumbnail')}</span>
      )}
    </div>
  );
}

/** A step's status, and who must approve what was handed in. */
export function StepStatus({ step }: { step: WorkStep }) {
  return (
    <>
      <StepStatusTag status={step.status} />
      <ApprovalWaiting approvers={step.approvers} mine={false} />
    </>
  );
}

/** 自分のタスク, あなたの承認待ち, or (for screen readers only) 担当外. */
export function StepMine({ step }: { step: WorkStep }) {
  const { t } = useTranslation();
  if (step.is_mine)
    return (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {t('chapterDetails.steps.mineTag')}
      </Tag>
    );
  if (step.actions.audit) return <ApprovalWaiting approvers={step.approvers} mine />;
  return <span className="koma-visually-hidden">{t('chapterDetails.steps.notMine')}</span>;
}
