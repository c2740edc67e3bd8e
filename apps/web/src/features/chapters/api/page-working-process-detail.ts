import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * workflow.page: the page's steps in order, each with what the caller may do on it (`actions`).
 * Loaded while the step dialog is open (`enabled`); the last answer stays for the closing dialog.
 */
export function useWorkPageDetail(
  projectId: number,
  chapterId: number,
  pageId: number | null,
  enabled = true,
) {
  return useQuery({
    queryKey: queryKeys.workPage(chapterId, pageId ?? 0),
    queryFn: ({ signal }) =>
      call(
        'workflow',
        'page',
        { projectId, chapterId, pageId: pageId ?? 0 },
        { silent: true, quiet: true, signal },
      ),
    enabled: enabled && pageId !== null,
    staleTime: 0,
  });
}
