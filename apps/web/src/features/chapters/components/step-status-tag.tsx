import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stepStatusLook } from '../lib/work-status';
import './work-screen.css';

/**
 * A step's (or a page's) status in the reader's language (statuses.json), coloured by status; a
 * number statuses.json does not name shows as it is.
 */
export function StepStatusTag({ status }: { status: number | null }) {
  const { t } = useTranslation();
  return (
    <Tag {...stepStatusLook(status)} style={{ marginInlineEnd: 0 }}>
      {status === null
        ? t('statuses.noSteps')
        : // A key made from a number, which the typed keys cannot follow; an unknown one shows the number.
          t(`statuses.step.${status}` as 'statuses.step.0', String(status))}
    </Tag>
  );
}
