import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** board.add: posts on the project's message board. */
export function useBoardAdd(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call('board', 'add', { projectId, content }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.board(projectId) }),
  });
}
