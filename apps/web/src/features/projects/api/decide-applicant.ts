import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type RecruitTarget, targetBody } from './recruit-detail';

export interface ApplicantDecision {
  target: RecruitTarget;
  posId: number;
  userId: number;
  /** recruitment.accept or recruitment.reject (same input). */
  decision: 'accept' | 'reject';
}

/** Accepts (the applicant becomes a member) or rejects an applicant; failures show the info. */
export function useDecideApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, posId, userId, decision }: ApplicantDecision) =>
      call('recruitment', decision, { ...targetBody(target), posId, userId }, { successToast: true }),
    onSettled: (_data, _error, { target }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recruitOf(target.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectDetail(target.projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.todo });
    },
  });
}
