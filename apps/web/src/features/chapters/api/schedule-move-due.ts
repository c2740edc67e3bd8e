import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateSchedule } from '../lib/schedule-invalidate';

/** schedule.moveDue: the founder moves one step's due day; the reply's info is the toast. */
export function useMoveDue(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { stepId: number; dueOn: string }) =>
      call('schedule', 'moveDue', { projectId, chapterId, ...input }, { successToast: true }),
    onSettled: () => invalidateSchedule(queryClient, projectId, chapterId),
  });
}
