import type { WorkStep } from '@koma/shared/schemas';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList } from '../../../components/card-list/card-list';
import { DueDay } from './due-day';
import { StepActions } from './step-actions';
import { StepMine, StepStatus, StepThumb } from './step-cells';

interface StepCardsProps {
  projectId: number;
  chapterId: number;
  pageNum: number;
  steps: WorkStep[];
  pending: boolean;
  onSendBack: (step: WorkStep) => void;
  onHistory: (step: WorkStep) => void;
  onComments: (step: WorkStep) => void;
}

/**
 * A page's steps on a phone (issue 30 §5): the step dialog's table rows as cards, each with the
 * row's thumbnail, order, task, assignee, status, due day, 自分のタスク and actions.
 */
export function StepCards({ projectId, chapterId, pageNum, steps, pending, ...on }: StepCardsProps) {
  const { t } = useTranslation();
  return (
    <CardList
      items={steps}
      itemKey={(s) => s.step_id}
      label={t('chapterDetails.steps.title', { num: pageNum })}
      empty={t('chapterDetails.steps.empty')}
      pending={pending}
      renderItem={(s, index) => (
        <>
          <div className="koma-card-list-head koma-step-card">
            <StepThumb projectId={projectId} chapterId={chapterId} pageNum={pageNum} step={s} />
            <div className="koma-card-list-title">
              <strong>{s.position}</strong>
              <StepStatus step={s} />
              <StepMine step={s} />
            </div>
          </div>
          <CardFacts
            facts={[
              { key: 'order', label: t('chapterDetails.steps.order'), value: index + 1 },
              { key: 'assignee', label: t('chapterDetails.steps.assignee'), value: s.owner_user || '—' },
              { key: 'due', label: t('chapterDetails.steps.due'), value: <DueDay due={s} /> },
            ]}
          />
          <StepActions projectId={projectId} chapterId={chapterId} pageNum={pageNum} step={s} {...on} />
        </>
      )}
    />
  );
}
