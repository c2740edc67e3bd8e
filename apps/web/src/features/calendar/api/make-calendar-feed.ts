import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { calendarFeedKey } from './calendar-feed-key';

/**
 * calendar.make: a new secret URL (the old one stops working), its events written in the
 * language the screen is shown in now.
 */
export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('calendar', 'make', { lang: currentLanguage() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
