import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PageMarksReply = ApiReply<'marks', 'list'>;

/**
 * marks.list of one revision: its marks, the ghosts of the step's earlier revisions over it and what
 * the caller may do there (docs/marks.md). Nothing is asked while the viewer shows no revision.
 */
export function usePageMarks(projectId: number, pageId: number | undefined, revisionId: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.pageMarks(pageId ?? 0), revisionId],
    enabled: pageId !== undefined && revisionId !== undefined,
    queryFn: ({ signal }) =>
      call('marks', 'list', { projectId, pageId: pageId ?? 0, revisionId }, { silent: true, signal }),
  });
}
