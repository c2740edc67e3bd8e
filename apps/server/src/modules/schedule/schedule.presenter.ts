import {
  type ChapterForecast,
  forecastReasonText,
  forecastStatusText,
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
    overdue: o && {
      page: pageNums.get(o.pageId) ?? 0,
      position: position(o.positionId),
      nickname: nicknames.get(o.ownerId) ?? '',
      dueOn: o.dueOn,
      others: o.others,
    },
  };
  return {
    status: forecast.status,
    status_text: forecastStatusText(forecast.status, lang),
    finish_on: forecast.finishOn,
    finish_earliest: forecast.finishEarliest,
    finish_latest: forecast.finishLatest,
    confident: forecast.confident,
    days_past_deadline: forecast.daysPastDeadline,
    reason: forecastReasonText(reason, lang),
  };
}
