import type { Language } from '../enums.js';
import enCalendar from './en/calendar.json' with { type: 'json' };
import enMails from './en/mails.json' with { type: 'json' };
import enNotices from './en/notices.json' with { type: 'json' };
import enStatuses from './en/statuses.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import jaCalendar from './ja/calendar.json' with { type: 'json' };
import jaMails from './ja/mails.json' with { type: 'json' };
import jaNotices from './ja/notices.json' with { type: 'json' };
import jaStatuses from './ja/statuses.json' with { type: 'json' };
import jaValidation from './ja/validation.json' with { type: 'json' };
import zhCalendar from './zh/calendar.json' with { type: 'json' };
import zhMails from './zh/mails.json' with { type: 'json' };
import zhNotices from './zh/notices.json' with { type: 'json' };
import zhStatuses from './zh/statuses.json' with { type: 'json' };
import zhValidation from './zh/validation.json' with { type: 'json' };

/**
 * The namespaces the server writes from (replies, notices, statuses, mails, calendar feeds), per
 * language. Their keys are those of the ja files: a key missing in zh or en fails the type-check,
 * a placeholder or a key too many fails resources.test.ts. The web loads its own copies per route (docs/architecture.md).
 */
const ja = {
  validation: jaValidation,
  notices: jaNotices,
  statuses: jaStatuses,
  mails: jaMails,
  calendar: jaCalendar,
};
export type ServerTexts = typeof ja;

export const SERVER_TEXTS: Record<Language, ServerTexts> = {
  ja,
  zh: {
    validation: zhValidation,
    notices: zhNotices,
    statuses: zhStatuses,
    mails: zhMails,
    calendar: zhCalendar,
  },
  en: {
    validation: enValidation,
    notices: enNotices,
    statuses: enStatuses,
    mails: enMails,
    calendar: enCalendar,
  },
};
