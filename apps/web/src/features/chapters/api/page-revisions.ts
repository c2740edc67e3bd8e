import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PageRevision = ApiReply<'pages', 'revisions'>['list'][number];

/** pages.revisions: every file a storyboard page was given, newest first. Loaded while its dialog is open. */
export function usePageRevisions(projectId: number, chapterId: number, pageId: number | null) {
  return useQuery({
    queryKey: queryKeys.pageRevisions(chapterId, pageId ?? 0),
    queryFn: ({ signal }) =>
      call('pages', 'revisions', { projectId, pageId: pageId ?? 0 }, { silent: true, quiet: true, signal }),
    enabled: pageId !== null,
    staleTime: 0,
  });
}
