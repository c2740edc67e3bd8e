import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import './schedule.css';

/** A step's due day, with 期限切れ in words when it has passed unapproved (docs/schedule.md). */
export function DueDay({ due }: { due: { due_on: string | null; overdue: boolean } }) {
  const { t } = useTranslation();
  if (!due.due_on) return <>—</>;
  return (
    <span className="koma-due-day">
      <span className={due.overdue ? 'koma-due-day-overdue' : undefined}>{formatDay(due.due_on)}</span>
      {due.overdue ? (
        <Tag color="error" className="koma-overdue-tag">
          {t('schedule.overdue')}
        </Tag>
      ) : null}
    </span>
  );
}
