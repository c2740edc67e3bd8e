import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** projects.editors: editors the founder paired with or befriended. */
export function useEditorCandidates(proId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['invitEditorList', proId],
    queryFn: ({ signal }) => call('projects', 'editors', { proId }, { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}
