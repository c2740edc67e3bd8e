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
  lang: Language,
): ChapterForecast {
  const b = forecast.bottleneck;
  const reason = b && {
    nickname: nicknames.get(b.ownerId) ?? '',
    position: referenceName(POSITIONS, b.positionId, lang),
    left: b.left,
    perDay: b.perDay,
    assumed: b.assumed,
    daysPastDeadline: forecast.daysPastDeadline,
  };
  return {
    status: forecast.status,
    status_text: forecastStatusText(forecast.status, lang),
    finish_on: forecast.finishOn,
    days_past_deadline: forecast.daysPastDeadline,
    reason: forecastReasonText(reason, lang),
  };
}
