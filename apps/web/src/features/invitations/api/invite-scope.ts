import { type InviteScope, inviteScopeOf } from '@koma/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';

/**
 * The parts the caller may offer in the project (docs/access.md, "Inviting"), by the rule the
 * server applies: read from the project's detail (the same query as its detail tab), undefined
 * until it is loaded or with no project chosen yet.
 */
export function useInviteScope(projectId: number): InviteScope | undefined {
  const me = useCurrentUser();
  const detail = useQuery({
    queryKey: queryKeys.projectDetail(projectId),
    queryFn: ({ signal }) =>
      call('projects', 'detail', { proId: projectId }, { silent: true, quiet: true, signal }),
    enabled: projectId > 0,
    staleTime: 0,
  });
  const data = detail.data;
  if (!data) return undefined;
  const mine = data.users.find((u) => u.userId === me.id);
  return inviteScopeOf({
    isFounder: data.isFounder,
    isEditor: data.editor?.uid === me.id,
    parts: (mine?.parts ?? []).map((p) => ({ chapterId: p.chapter_id })),
  });
}
