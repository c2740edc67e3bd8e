import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** folders.removeFile: deletes a file with its notes. */
export function useDelFile(projectId: number, dirId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) =>
      call('folders', 'removeFile', { projectId, dirId, fileId }, { successToast: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(projectId, dirId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) });
    },
  });
}
