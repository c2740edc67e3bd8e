import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ViewerPagesReply = ApiReply<'workflow', 'viewer'>;

/** workflow.viewer: every page of the chapter with its revisions and their renditions. */
export function useViewerPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.viewerPages(chapterId),
    queryFn: ({ signal }) =>
      call('workflow', 'viewer', { projectId, chapterId }, { silent: true, quiet: true, signal }),
  });
}
