import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateSchedule } from '../lib/schedule-invalidate';

/** schedule.saveBuffer: the founder sets the buffer; the server plans the due days again. */
export function useSaveBuffer(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bufferDays: number) =>
      call('schedule', 'saveBuffer', { projectId, chapterId, bufferDays }, { successToast: true }),
    onSettled: () => invalidateSchedule(queryClient, projectId, chapterId),
  });
}
