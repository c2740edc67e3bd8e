import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ProjectFile = ApiReply<'folders', 'files'>['list'][number];

/** folders.files: the files of a folder. */
export function useFiles(projectId: number, dirId: number) {
  return useQuery({
    queryKey: queryKeys.files(projectId, dirId),
    queryFn: ({ signal }) => call('folders', 'files', { projectId, dirId }, { silent: true, signal }),
    staleTime: 0,
  });
}
