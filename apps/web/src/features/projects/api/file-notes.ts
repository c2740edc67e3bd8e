import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type FileNote = ApiReply<'folders', 'notes'>['list'][number];

export interface FileRef {
  projectId: number;
  dirId: number;
  fileId: number;
}

/** folders.notes: the comments on a file. */
export function useFileNotes(ref: FileRef | null) {
  return useQuery({
    queryKey: queryKeys.fileNotes(ref?.fileId ?? 0),
    queryFn: ({ signal }) =>
      // Never called without a ref: the query is disabled then.
      call('folders', 'notes', ref ?? { projectId: 0, dirId: 0, fileId: 0 }, { silent: true, signal }),
    enabled: ref !== null,
    staleTime: 0,
  });
}
