import type { ChapterForecast } from '@koma/shared/schemas';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { finishText } from '../../../components/forecast/forecast-finish';
import { ForecastTag } from '../../../components/forecast/forecast-tag';
import './schedule.css';

interface ForecastSummaryProps {
  forecast: ChapterForecast;
  /** A link or button beside the finish day (the work screen's link to the schedule). */
  extra?: ReactNode;
}

/**
 * A chapter's forecast (docs/schedule.md): the status tag, the expected finish day (a range while
 * the team's history is short) and the reason in words. Shown on the schedule screen and under the work screen's head.
 */
export function ForecastSummary({ forecast, extra }: ForecastSummaryProps) {
  const { t } = useTranslation();
  return (
    <section className={`koma-forecast koma-forecast-${forecast.status}`} aria-labelledby="forecast-heading">
      <Flex align="center" gap={8} wrap>
        <h2 id="forecast-heading" className="koma-forecast-heading">
          {t('schedule.forecastHeading')}
        </h2>
        <ForecastTag forecast={forecast} />
        <span>
          {t('schedule.finishOn')}：{finishText(forecast, t)}
        </span>
        {extra}
      </Flex>
      <p className="koma-forecast-text">{forecast.reason}</p>
    </section>
  );
}
