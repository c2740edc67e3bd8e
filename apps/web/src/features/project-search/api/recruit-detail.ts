import type { RecruitDetail } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface RecruitTarget {
  projectId: number;
  kind: 1 | 2;
  chapterId: number | null;
}

/** POST /api/recruit/getDetail {projectId, kind, chapterId?}: the newest recruitment. */
export function useRecruitInfo(target: RecruitTarget | null) {
  const body = target
    ? target.kind === 2
      ? { projectId: target.projectId, kind: 2, chapterId: target.chapterId }
      : { projectId: target.projectId, kind: 1 }
    : null;
  return useQuery({
    queryKey: [
      ...queryKeys.recruitOf(target?.projectId ?? 0),
      'detail',
      target?.kind ?? 1,
      target?.chapterId ?? null,
    ],
    queryFn: ({ signal }) =>
      api.post<{ detail: RecruitDetail | null; history: RecruitDetail[] }>('/api/recruit/getDetail', body, {
        silent: true,
        quiet: true,
        signal,
      }),
    enabled: target !== null,
    staleTime: 0,
  });
}
