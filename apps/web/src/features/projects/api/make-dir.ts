import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/dir/makeDir {projectId, dirName, id?}: creates a folder, or renames it with id. */
export function useMakeDir(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { dirName: string; id?: number }) =>
      api.post<null>('/api/dir/makeDir', { projectId, ...body }, { successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) }),
  });
}
