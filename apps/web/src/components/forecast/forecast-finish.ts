import type { ChapterForecast } from '@koma/shared/schemas';
import type { TFunction } from 'i18next';
import { formatDay } from '../../lib/dates';

/**
 * The expected finish day in words (docs/schedule.md): while a pace is still a default, with
 * 「実績が少ないため目安」 and, when the paces' spread moves it, the range of days.
 */
export function finishText(
  forecast: Pick<ChapterForecast, 'finish_on' | 'finish_earliest' | 'finish_latest' | 'confident'>,
  t: TFunction,
): string {
  const day = formatDay(forecast.finish_on);
  if (forecast.confident) return day;
  if (forecast.finish_earliest === forecast.finish_latest) return `${day}${t('schedule.rough')}`;
  const range = { from: formatDay(forecast.finish_earliest), to: formatDay(forecast.finish_latest) };
  return `${day}${t('schedule.roughRange', range)}`;
}
