import type { ForecastCard } from '@koma/shared/schemas';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { finishText } from '../../../components/forecast/forecast-finish';
import { ForecastTag } from '../../../components/forecast/forecast-tag';
import { formatDay } from '../../../lib/dates';
import './dashboard.css';

/**
 * 締め切りの見通し: the user's chapters in production with their forecast, worst first as the reply
 * orders them (docs/schedule.md); each leads to the chapter's work screen. Not shown when empty.
 * An editor finds her serializations' timeline from here (`timeline`).
 */
export function ForecastsPanel({
  cards,
  timeline,
}: {
  cards: ForecastCard[] | undefined;
  timeline: boolean;
}) {
  const { t } = useTranslation();
  if (!cards?.length) return null;
  return (
    <Card title={<h2 className="koma-card-heading">{t('dashboard.forecasts.heading')}</h2>}>
      <ul className="koma-forecast-list">
        {cards.map((c) => (
          <li key={c.chapter_id} className="koma-forecast-item">
            <div className="koma-forecast-item-head">
              <ForecastTag forecast={c.forecast} />
              <Link
                to={`/chapter/details?projectId=${c.project_id}&chapterId=${c.chapter_id}`}
                aria-label={t('dashboard.forecasts.open', {
                  project: c.project_title,
                  chapter: c.chapter_title,
                })}
                className="koma-prewrap"
              >
                「{c.project_title}」{c.chapter_title}
              </Link>
            </div>
            <div className="koma-forecast-item-days">
              <span>{t('dashboard.forecasts.finish', { day: finishText(c.forecast, t) })}</span>
              <span>{t('dashboard.forecasts.check', { day: formatDay(c.check_at) })}</span>
            </div>
            <p className="koma-forecast-item-reason">{c.forecast.reason}</p>
          </li>
        ))}
      </ul>
      {timeline ? (
        <Link to="/editorTimeline" className="koma-forecast-timeline-link">
          {t('dashboard.forecasts.timeline')}
        </Link>
      ) : null}
    </Card>
  );
}
