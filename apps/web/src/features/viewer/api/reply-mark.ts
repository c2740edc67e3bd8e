import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** marks.reply: a reply in a mark's thread (the assignee and the reviewers); a refusal is shown under the box. */
export function useReplyMark(projectId: number, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { markId: number; content: string }) =>
      call('marks', 'reply', { projectId, ...input }, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pageMarks(pageId) }),
  });
}
