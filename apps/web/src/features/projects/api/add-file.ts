import type { UploadData } from '@koma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/file/add {projectId, dirId, path, filename, ext, size}: registers a file uploaded
 * with type 4. Quiet: the upload row shows アップロード失敗 on failure.
 */
export function useAddFile(projectId: number, dirId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (data: UploadData) => {
      await api.post<null>(
        '/api/file/add',
        { projectId, dirId, path: data.path, filename: data.filename, ext: data.ext, size: data.size },
        { silent: true, quiet: true },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(projectId, dirId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dirs(projectId) });
    },
    [projectId, dirId, queryClient],
  );
}
