import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type RecruitTarget, targetBody } from './recruit-detail';

export interface Applicant {
  id: number;
  status: number;
  user: { id: number; nickname: string; pic: string };
  position: string;
  pos_id: number;
  apply_user_id: number;
  projectid: number;
  message: string;
  create_time: string;
}

/**
 * POST /api/recruit/applyList {projectId, kind, chapterId?}: the applicants. The founder sees the
 * server's info on failure; other members see nothing (the list may be the founder's only).
 */
export function useApplyList(target: RecruitTarget, opts: { enabled: boolean; quiet: boolean }) {
  return useQuery({
    queryKey: [...queryKeys.recruitOf(target.projectId), 'applicants', target.kind, target.chapterId ?? null],
    queryFn: ({ signal }) =>
      api.post<{ result: Applicant[] }>('/api/recruit/applyList', targetBody(target), {
        silent: true,
        quiet: opts.quiet,
        signal,
      }),
    enabled: opts.enabled,
    staleTime: 0,
  });
}
