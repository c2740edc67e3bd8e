import type { UploadData } from '@koma/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * folders.addFile: registers a file uploaded with type 4, listed
 * under the name and extension the server recorded for the upload (docs/files.md). Quiet: the
 * upload row shows アップロード失敗 on failure.
 */
export function useAddFile(projectId: number, dirId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (data: UploadData) => {
      await call('folders', 'addFile', { projectId, dirId, path: data.path }, { silent: true, quiet: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(projectId, dirId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) });
    },
    [projectId, dirId, queryClient],
  );
}
