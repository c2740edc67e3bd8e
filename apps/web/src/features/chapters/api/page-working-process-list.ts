import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type WorkPagesData = ApiReply<'workflow', 'pages'>;

/**
 * workflow.pages: every page with its current step, the buttons the caller may use
 * (show_buttons) and the final audit (audit_record).
 */
export function useWorkPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.workPages(chapterId),
    queryFn: ({ signal }) =>
      call('workflow', 'pages', { projectId, chapterId }, { silent: true, quiet: true, signal }),
  });
}
