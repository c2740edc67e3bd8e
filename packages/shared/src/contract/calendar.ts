import { z } from 'zod';
import {
  calendarFeedBody,
  calendarFeedQuery,
  calendarFeedStatusData,
  calendarFeedUrlData,
} from '../schemas/calendar.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** A private calendar feed of the caller's due days and deadlines (docs/calendar.md). */
export const calendar = endpoints(routes.calendar, {
  status: {
    input: null,
    reply: calendarFeedStatusData,
    who: Who.USER,
    summary: 'Whether the caller has a calendar feed (its URL is shown only when made)',
  },
  make: {
    input: calendarFeedBody,
    reply: calendarFeedUrlData,
    who: Who.USER,
    summary: "Make the caller's calendar feed URL; an earlier one stops working",
  },
  stop: {
    input: null,
    reply: z.null(),
    who: Who.USER,
    summary: "Stop the caller's calendar feed: its URL answers 404",
  },
  feed: {
    input: calendarFeedQuery,
    reply: z.null(),
    // The secret URL is the key: made by `make`, which checked the session (no session here).
    who: Who.SIGNED_LINK,
    summary: 'The iCalendar feed behind a secret URL from makeFeed (text/calendar)',
  },
});
