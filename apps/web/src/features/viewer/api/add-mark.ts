import type { MarkAddBody } from '@koma/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** marks.add: a reviewer's new mark with its first comment on the revision on screen; a refusal is shown in the form. */
export function useAddMark(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAddBody) => call('marks', 'add', body, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pageMarks(pageId) }),
  });
}
