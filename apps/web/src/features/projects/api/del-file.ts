import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/file/del {projectId, dirId, fileId}. */
export function useDelFile(projectId: number, dirId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) =>
      api.post<null>('/api/file/del', { projectId, dirId, fileId }, { successToast: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(projectId, dirId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) });
    },
  });
}
