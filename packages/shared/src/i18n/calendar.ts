import type { Language } from '../enums.js';
import { interpolate } from './interpolate.js';
import { SERVER_TEXTS } from './resources.js';

export type CalendarEventKind = 'step' | 'scriptAt' | 'checkAt';

/** The texts of a calendar feed (i18n/<lang>/calendar.json) in the language chosen for it. */
export function calendarTexts(lang: Language) {
  const texts = SERVER_TEXTS[lang].calendar;
  return {
    name: texts.name,
    description: texts.description,
    summary: (kind: CalendarEventKind, params: Record<string, string | number>) =>
      interpolate(texts[kind], params),
    open: (url: string) => interpolate(texts.open, { url }),
  };
}
