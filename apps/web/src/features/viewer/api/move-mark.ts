import type { MarkState } from '@koma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MarkMove = 'resolve' | 'confirm' | 'reopen';

/**
 * marks.resolve / confirm / reopen: each names the state the screen shows, so a mark changed
 * meanwhile by someone else is refused (409) rather than moved twice (docs/marks.md).
 */
export function useMoveMark(projectId: number, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ move, markId, state }: { move: MarkMove; markId: number; state: MarkState }) =>
      call('marks', move, { projectId, markId, state }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pageMarks(pageId) }),
  });
}
