import { Empty } from 'antd';

/**
 * A table's empty state. antd's default text colour inside a table (#bfbfbf) falls short of WCAG
 * AA contrast; the Empty description uses the theme's description colour.
 */
export function tableEmpty(text: string) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
