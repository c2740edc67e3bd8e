import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type RecruitTarget, targetBody } from './recruit-detail';

export type Applicant = ApiReply<'recruitment', 'applicants'>['result'][number];

/**
 * recruitment.applicants: the applicants. The founder sees the server's info on failure; other
 * members see nothing (the list may be the founder's only).
 */
export function useApplyList(target: RecruitTarget, opts: { enabled: boolean; quiet: boolean }) {
  return useQuery({
    queryKey: [...queryKeys.recruitOf(target.projectId), 'applicants', target.kind, target.chapterId ?? null],
    queryFn: ({ signal }) =>
      call('recruitment', 'applicants', targetBody(target), { silent: true, quiet: opts.quiet, signal }),
    enabled: opts.enabled,
    staleTime: 0,
  });
}
