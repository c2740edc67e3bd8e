import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ChapterSummary = ApiReply<'chapters', 'list'>['list'][number];

/**
 * chapters.list: the project's chapters in order, each with status_desc, page count and
 * deadlines. Quiet: the 案件 panel shows a failure itself.
 */
export function useChapterList(projectId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.chapters(projectId),
    queryFn: async ({ signal }) =>
      (await call('chapters', 'list', { projectId }, { silent: true, quiet: true, signal }))?.list ?? [],
    enabled,
    staleTime: 0,
  });
}
