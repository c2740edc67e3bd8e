import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { calendarFeedKey } from './calendar-feed-key';

/** calendar.status: whether the caller has a feed (its URL is shown only when made). */
export function useCalendarFeedStatus() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => call('calendar', 'status', undefined, { silent: true, quiet: true, signal }),
  });
}
