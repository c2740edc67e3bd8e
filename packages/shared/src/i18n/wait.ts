import type { Language } from '../enums.js';
import { interpolate } from './interpolate.js';
import { message } from './messages.js';

/**
 * How long to wait, for a message's `{{wait}}` ("…{{wait}}後にもう一度お試しください"): whole minutes,
 * rounded up (at least one), in hours and minutes once there are 60 or more.
 */
export function waitText(ms: number, lang: Language): string {
  const total = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return interpolate(message('waitMinutes', lang), { minutes });
  if (minutes === 0) return interpolate(message('waitHours', lang), { hours });
  return interpolate(message('waitHoursMinutes', lang), { hours, minutes });
}

/** The message of `key` with its `{{wait}}` filled: wait `ms` from now. */
export function messageWithWait(key: string, ms: number, lang: Language): string {
  return interpolate(message(key, lang), { wait: waitText(ms, lang) });
}
