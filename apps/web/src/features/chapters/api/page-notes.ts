import { LIMITS, type pageNote, type pageNoteListData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PageNote = z.infer<typeof pageNote>;
type PageNoteList = z.infer<typeof pageNoteListData>;

/** POST /api/page/getNoteList {projectId, pageId, page 1, pageSize 100}: the comments, oldest first. */
export function usePageNotes(projectId: number, pageId: number | null) {
  return useQuery({
    queryKey: queryKeys.pageNotes(pageId ?? 0),
    queryFn: ({ signal }) =>
      api.post<PageNoteList>(
        '/api/page/getNoteList',
        { projectId, pageId, page: 1, pageSize: LIMITS.pageNotePageSize },
        { silent: true, signal },
      ),
    enabled: pageId !== null,
    staleTime: 0,
  });
}
