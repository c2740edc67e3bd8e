import { stepStatusText } from '@koma/shared';
import { Tag } from 'antd';
import { currentLanguage } from '../../../lib/i18n';
import { stepStatusLook } from '../lib/work-status';
import './work-screen.css';

/** A step's (or a page's) status in the reader's language, coloured by status. */
export function StepStatusTag({ status }: { status: number | null }) {
  return (
    <Tag {...stepStatusLook(status)} style={{ marginInlineEnd: 0 }}>
      {stepStatusText(status, currentLanguage())}
    </Tag>
  );
}
