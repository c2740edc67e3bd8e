import { EditOutlined } from '@ant-design/icons';
import type { ScheduleData } from '@koma/shared/schemas';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoveTarget } from './move-due-dialog';
import { ScheduleStepDays } from './schedule-step-text';

interface ScheduleListProps {
  data: ScheduleData;
  onMove?: (target: MoveTarget) => void;
}

/** Under the chart, a list by page: each step with its due and approval days, and the founder's way to move one. */
export function ScheduleList({ data, onMove }: ScheduleListProps) {
  const { t } = useTranslation();
  return (
    <div className="koma-sch-list">
      {data.pages.map((page) => (
        <section
          key={page.page_id}
          aria-labelledby={`sch-page-${page.page_id}`}
          className="koma-sch-list-page"
        >
          <h3 id={`sch-page-${page.page_id}`} className="koma-sch-list-heading">
            {t('schedule.pageNum', { num: page.num })}
          </h3>
          <ul>
            {page.steps.map((step) => (
              <li key={step.step_id} className={step.overdue ? 'koma-sch-row-overdue' : undefined}>
                <span className="koma-sch-step-name">{step.position}</span>
                <span className="koma-sch-owner">{t('schedule.owner', { name: step.owner_nickname })}</span>
                <ScheduleStepDays step={step} />
                {onMove ? (
                  <Button
                    size="small"
                    icon={<EditOutlined aria-hidden="true" />}
                    aria-label={t('schedule.moveWho', { num: page.num, position: step.position })}
                    onClick={() => onMove({ pageNum: page.num, step })}
                  >
                    {t('schedule.move')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
