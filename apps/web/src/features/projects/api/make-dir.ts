import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** folders.saveDir: creates a folder, or renames it with id. */
export function useMakeDir(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { dirName: string; id?: number }) =>
      call('folders', 'saveDir', { projectId, ...body }, { successToast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) }),
  });
}
