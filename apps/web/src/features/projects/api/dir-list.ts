import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Folder = ApiReply<'folders', 'dirs'>['list'][number];

/** folders.dirs: the project's folders. */
export function useFolders(projectId: number) {
  return useQuery({
    queryKey: queryKeys.dirs(projectId),
    queryFn: ({ signal }) => call('folders', 'dirs', { projectId }, { silent: true, signal }),
    staleTime: 0,
  });
}
