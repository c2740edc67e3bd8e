import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface EditorCandidate {
  uid: number;
  nick: string;
  pic: string;
}

/** POST /api/project/invitEditorList {proId}: editors the founder paired with or befriended. */
export function useEditorCandidates(proId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['invitEditorList', proId],
    queryFn: ({ signal }) =>
      api.post<{ list: EditorCandidate[] }>(
        '/api/project/invitEditorList',
        { proId },
        { silent: true, signal },
      ),
    enabled,
    staleTime: 0,
  });
}
