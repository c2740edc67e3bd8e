import type { ApiInput, ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface RecruitTarget {
  projectId: number;
  kind: 1 | 2;
  chapterId?: number | null;
}

export type RecruitDetailReply = ApiReply<'recruitment', 'detail'>;

/** The input of a recruitment call: chapterId only for kind 2. */
export function targetBody(target: RecruitTarget): ApiInput<'recruitment', 'detail'> {
  return target.kind === 2
    ? { projectId: target.projectId, kind: target.kind, chapterId: target.chapterId ?? null }
    : { projectId: target.projectId, kind: target.kind };
}

/**
 * recruitment.detail: the newest recruitment and history; none without a target. `quiet`: the
 * screen shows a failure itself (the search's project dialog).
 */
export function useRecruitDetail(
  target: RecruitTarget | null,
  opts: { enabled?: boolean; quiet?: boolean } = {},
) {
  return useQuery({
    queryKey: [
      ...queryKeys.recruitOf(target?.projectId ?? 0),
      'detail',
      target?.kind ?? 1,
      target?.chapterId ?? null,
    ],
    queryFn: ({ signal }) =>
      call(
        'recruitment',
        'detail',
        // Never sent without a target: the query is disabled then.
        targetBody(target ?? { projectId: 0, kind: 1 }),
        { silent: true, quiet: opts.quiet, signal },
      ),
    enabled: target !== null && (opts.enabled ?? true),
    staleTime: 0,
  });
}
