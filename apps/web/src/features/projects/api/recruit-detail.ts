import type { RecruitDetail } from '@koma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface RecruitTarget {
  projectId: number;
  kind: 1 | 2;
  chapterId?: number | null;
}

export interface RecruitDetailReply {
  detail: RecruitDetail | null;
  history: RecruitDetail[];
}

/** The body of a recruitment call: chapterId only for kind 2. */
export function targetBody(target: RecruitTarget) {
  return target.kind === 2
    ? { projectId: target.projectId, kind: target.kind, chapterId: target.chapterId ?? null }
    : { projectId: target.projectId, kind: target.kind };
}

/** POST /api/recruit/getDetail {projectId, kind, chapterId?}: the newest recruitment and history. */
export function useRecruitDetail(target: RecruitTarget, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.recruitOf(target.projectId), 'detail', target.kind, target.chapterId ?? null],
    queryFn: ({ signal }) =>
      api.post<RecruitDetailReply>('/api/recruit/getDetail', targetBody(target), { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}
