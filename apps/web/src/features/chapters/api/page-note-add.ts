import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** pages.addNote (members). */
export function usePageNoteAdd(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, content }: { pageId: number; content: string }) =>
      call('pages', 'addNote', { projectId, pageId, content }, { silent: true }),
    onSuccess: (_data, { pageId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pageNotes(pageId) });
      // The page's note count.
      void queryClient.invalidateQueries({ queryKey: queryKeys.draftPages(chapterId) });
    },
  });
}
