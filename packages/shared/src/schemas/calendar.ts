import { z } from 'zod';
import { LANGUAGES } from '../enums.js';

/** GET /api/calendar/feedStatus: whether the caller has a feed; its URL is shown only once (docs/calendar.md). */
export const calendarFeedStatusData = z.object({
  exists: z.boolean(),
  lang: z.enum(LANGUAGES).nullable(),
  create_time: z.string().nullable(),
});
export type CalendarFeedStatusData = z.infer<typeof calendarFeedStatusData>;

/** POST /api/calendar/makeFeed: a new secret URL in the language its events are written in. */
export const calendarFeedBody = z.object({ lang: z.enum(LANGUAGES, { error: 'invalidValue' }) });
export type CalendarFeedBody = z.infer<typeof calendarFeedBody>;
export const calendarFeedUrlData = z.object({ url: z.string() });
export type CalendarFeedUrlData = z.infer<typeof calendarFeedUrlData>;

/**
 * GET /api/calendar/feed.ics?token=…: any token is taken, so that a wrong, missing or revoked one
 * answers the same 404 (docs/calendar.md).
 */
export const calendarFeedQuery = z.object({ token: z.string().max(200).default('') });
