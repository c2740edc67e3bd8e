import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/messageBoard/add {projectId, content} (success status 0 or 200). */
export function useBoardAdd(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<null>('/api/messageBoard/add', { projectId, content }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.board(projectId) }),
  });
}
