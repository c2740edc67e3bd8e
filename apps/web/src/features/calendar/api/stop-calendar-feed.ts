import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { calendarFeedKey } from './calendar-feed-key';

/** calendar.stop: the URL stops working; 200 shows the info. */
export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('calendar', 'stop', undefined, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
