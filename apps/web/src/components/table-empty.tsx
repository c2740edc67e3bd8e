import { Empty } from 'antd';
import { LoadingSkeleton } from './loading/loading-skeleton';

/**
 * A table's empty state. antd's default text colour inside a table (#bfbfbf) falls short of WCAG
 * AA contrast; the Empty description uses the theme's description colour. While the table's first
 * answer is still on its way (`pending`) it shows a skeleton instead: an empty table under a
 * spinner read as "no data" before the data came (issue 18).
 */
export function tableEmpty(text: string, pending = false) {
  if (pending) return <LoadingSkeleton rows={4} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
