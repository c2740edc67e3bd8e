import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** folders.removeDir: deletes a folder and its files. */
export function useDelDir(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dirId: number) => call('folders', 'removeDir', { projectId, dirId }, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) }),
  });
}
