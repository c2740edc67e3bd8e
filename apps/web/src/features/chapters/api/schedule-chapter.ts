import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ScheduleReply = ApiReply<'schedule', 'chapter'>;

/**
 * schedule.chapter: every page's steps with their due and approval days, the check deadline,
 * the buffer, today and the forecast (docs/schedule.md); `editable` for the founder.
 */
export function useSchedule(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.schedule(chapterId),
    queryFn: ({ signal }) =>
      call('schedule', 'chapter', { projectId, chapterId }, { silent: true, quiet: true, signal }),
  });
}
