import type { workPagesData } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type WorkPagesData = z.infer<typeof workPagesData>;

/**
 * POST /api/workflow/pageWorkingProcessList {projectId, chapterId}: every page with its current
 * step, the buttons the caller may use (show_buttons) and the final audit (audit_record).
 */
export function useWorkPages(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: queryKeys.workPages(chapterId),
    queryFn: ({ signal }) =>
      api.post<WorkPagesData>(
        '/api/workflow/pageWorkingProcessList',
        { projectId, chapterId },
        { silent: true, quiet: true, signal },
      ),
  });
}
