import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** marks.remove: its author takes back a mark while it is open. */
export function useRemoveMark(projectId: number, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markId: number) => call('marks', 'remove', { projectId, markId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pageMarks(pageId) }),
  });
}
