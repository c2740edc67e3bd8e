import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface FileNote {
  id: number;
  content: string;
  user: { id: number; nickname: string; pic: string };
  create_at: string;
}

export interface FileRef {
  projectId: number;
  dirId: number;
  fileId: number;
}

/** POST /api/file/getFileNote {projectId, dirId, fileId}: the comments on a file. */
export function useFileNotes(ref: FileRef | null) {
  return useQuery({
    queryKey: queryKeys.fileNotes(ref?.fileId ?? 0),
    queryFn: ({ signal }) =>
      api.post<{ list: FileNote[] }>('/api/file/getFileNote', ref, { silent: true, signal }),
    enabled: ref !== null,
    staleTime: 0,
  });
}
