import { LIMITS } from '@koma/shared';
import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ViewerPagesReply = ApiReply<'workflow', 'viewer'>;

/**
 * workflow.viewer: every page of the chapter with its revisions and their renditions. Asked again
 * well inside the renditions' links' life, even in a tab in the background, so that an open view
 * always has links that hold (docs/viewer.md).
 */
export function useViewerPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.viewerPages(chapterId),
    queryFn: ({ signal }) =>
      call('workflow', 'viewer', { projectId, chapterId }, { silent: true, quiet: true, signal }),
    refetchInterval: LIMITS.renditionLinkRefreshSeconds * 1000,
    refetchIntervalInBackground: true,
  });
}
