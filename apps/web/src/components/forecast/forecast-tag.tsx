import type { ChapterForecast } from '@koma/shared/schemas';
import { Tag } from 'antd';
import './forecast.css';

/**
 * Tag look per forecast status. The status is always written in the tag (順調, 期日超過1件, 遅れの恐れ, 遅延),
 * so colour is never the only sign; the classes keep the texts at WCAG AA contrast (styles.css).
 */
const TAG_CLASS: Record<ChapterForecast['status'], string> = {
  on_track: 'koma-tag-ok',
  overdue: 'koma-tag-warn',
  at_risk: 'koma-tag-warn',
  late: 'koma-tag-late',
};

/** A chapter's forecast as a tag with its status text (docs/schedule.md). */
export function ForecastTag({ forecast }: { forecast: Pick<ChapterForecast, 'status' | 'status_text'> }) {
  return (
    <Tag className={TAG_CLASS[forecast.status]} style={{ marginInlineEnd: 0 }}>
      {forecast.status_text}
    </Tag>
  );
}
