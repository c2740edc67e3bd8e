import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ProjectFile {
  id: number;
  projectid: number;
  dirid: number;
  filename: string;
  fileext: string;
  size: number;
  user: { id: number; nickname: string };
  create_time: string;
}

/** POST /api/file/getFilesInDir {projectId, dirId}: the files of a folder. */
export function useFiles(projectId: number, dirId: number) {
  return useQuery({
    queryKey: queryKeys.files(projectId, dirId),
    queryFn: ({ signal }) =>
      api.post<{ list: ProjectFile[] }>(
        '/api/file/getFilesInDir',
        { projectId, dirId },
        { silent: true, signal },
      ),
    staleTime: 0,
  });
}
