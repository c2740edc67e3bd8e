import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * projects.editors: with no keyword, the editors the founder paired with or befriended; with
 * one, any active editor whose name holds it or whose address is it.
 */
export function useEditorCandidates(proId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invitEditorList', proId, keyword],
    queryFn: ({ signal }) => call('projects', 'editors', { proId, keyword }, { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}
