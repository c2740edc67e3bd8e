/** The query of the caller's feed status; the feed's own calls refresh it after a change. */
export const calendarFeedKey = ['calendarFeed'] as const;
