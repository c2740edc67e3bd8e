import {
  type ChapterForecast,
  ForecastStatus,
  forecastReasonText,
  forecastRiskText,
  type Language,
  POSITIONS,
  referenceName,
} from '@koma/shared';
import type { Forecast } from './forecast.js';

/** A forecast as the screens show it: status and reason in the reader's language. */
export function presentForecast(
  forecast: Forecast,
  nicknames: ReadonlyMap<number, string>,
  pageNums: ReadonlyMap<number, number>,
  lang: Language,
): ChapterForecast {
  const { bottleneck: b, overdue: o } = forecast;
  const position = (id: number) => referenceName(POSITIONS, id, lang);
  const reason = b && {
    nickname: nicknames.get(b.ownerId) ?? '',
    position: position(b.positionId),
    left: b.left,
    perDay: b.perDay,
    assumed: b.assumed,
    daysPastDeadline: forecast.daysPastDeadline,
    inBuffer: forecast.status === ForecastStatus.AT_RISK,
    overdue: o && {
      page: pageNums.get(o.pageId) ?? 0,
      position: position(o.positionId),
      nickname: nicknames.get(o.ownerId) ?? '',
      dueOn: o.dueOn,
      others: o.others,
    },
  };
  const overdueCount = o ? o.others + 1 : 0;
  return {
    status: forecast.status,
    status_text: forecastRiskText(forecast.status, overdueCount, lang),
    overdue_count: overdueCount,
    finish_on: forecast.finishOn,
    finish_earliest: forecast.finishEarliest,
    finish_latest: forecast.finishLatest,
    confident: forecast.confident,
    days_past_deadline: forecast.daysPastDeadline,
    reason: forecastReasonText(reason, lang),
  };
}
