import type { workPageDetailData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type WorkPageDetail = z.infer<typeof workPageDetailData>;

/**
 * POST /api/workflow/pageWorkingProcessDetail {projectId, chapterId, pageId}: the page's steps in
 * order, each with what the caller may do on it (`actions`). Loaded while the step dialog is open
 * (`enabled`); the last answer stays for the closing dialog.
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
      api.post<WorkPageDetail>(
        '/api/workflow/pageWorkingProcessDetail',
        { projectId, chapterId, pageId },
        { silent: true, quiet: true, signal },
      ),
    enabled: enabled && pageId !== null,
    staleTime: 0,
  });
}
