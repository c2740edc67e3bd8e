import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Folder {
  id: number;
  dirname: string;
  fileCount: number;
  create_time: string;
}

/** POST /api/dir/getDirList {projectId}: the project's folders. */
export function useFolders(projectId: number) {
  return useQuery({
    queryKey: queryKeys.dirs(projectId),
    queryFn: ({ signal }) =>
      api.post<{ list: Folder[] }>('/api/dir/getDirList', { projectId }, { silent: true, signal }),
    staleTime: 0,
  });
}
