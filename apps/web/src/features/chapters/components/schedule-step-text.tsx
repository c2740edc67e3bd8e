import type { ScheduleStep } from '@koma/shared/schemas';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';

/**
 * A step's due and approval days side by side in words, with 期限切れ when overdue and 手動 when
 * the founder moved the day: the chart's marks repeat this, so colour is never the only sign.
 */
export function ScheduleStepDays({ step }: { step: ScheduleStep }) {
  const { t } = useTranslation();
  return (
    <span className="koma-sch-days">
      <span>
        {t('schedule.due')} {step.due_on ? formatDay(step.due_on) : t('schedule.noDue')}
      </span>
      <span>
        {t('schedule.approved')} {step.approved_on ? formatDay(step.approved_on) : t('schedule.notApproved')}
      </span>
      {step.overdue ? (
        <Tag color="error" className="koma-overdue-tag">
          {t('schedule.overdue')}
        </Tag>
      ) : null}
      {step.due_by_hand ? (
        <Tag className="koma-tag-info" title={t('schedule.byHandLong')} style={{ marginInlineEnd: 0 }}>
          {t('schedule.byHand')}
        </Tag>
      ) : null}
    </span>
  );
}
