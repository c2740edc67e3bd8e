import { z } from 'zod';
import { LANGUAGES, MailMode, NoticeKind } from '../enums.js';
import { isTimeZone } from '../notice-mail.js';

/**
 * A reader's mail settings (docs/notices.md, "By mail"): the mode of every notice kind, the
 * language of the mails, the time zone and the hour (0–23) of the daily digest.
 */
export const noticeMailSettings = z.object({
  lang: z.enum(LANGUAGES),
  timeZone: z.string().trim().max(64).refine(isTimeZone, { error: 'timeZoneInvalid' }),
  digestHour: z.number().int({ error: 'digestHourInvalid' }).min(0, { error: 'digestHourInvalid' }).max(23, {
    error: 'digestHourInvalid',
  }),
  kinds: z.partialRecord(z.enum(NoticeKind), z.enum(MailMode)),
});
export type NoticeMailSettings = z.output<typeof noticeMailSettings>;

/** The one-click unsubscribe link's query (RFC 8058): the signed token names the reader and the kind. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
