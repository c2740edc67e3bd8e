import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * workflow.fileDetails of the revision on screen: the layers' names of a `.clip`, which no list
 * carries (docs/renditions.md). Asked only once the page details are opened; a rendered file's
 * names never change, so they are kept.
 */
export function useFileDetails(projectId: number, chapterId: number, uploadId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.fileDetails(uploadId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      call('workflow', 'fileDetails', { projectId, chapterId, uploadId }, { silent: true, signal }),
  });
}
