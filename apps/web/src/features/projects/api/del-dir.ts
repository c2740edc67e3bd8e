import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/dir/delDir {projectId, dirId}: deletes a folder and its files. */
export function useDelDir(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dirId: number) =>
      api.post<null>('/api/dir/delDir', { projectId, dirId }, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) }),
  });
}
