/**
 * Who decides on work handed in for approval: passes it or sends it back. Nobody approves their
 * own work. The approvers are the founder and the main artists (members holding position 2); of
 * them, the step's assignee never decides while anyone else may. The assignee decides only when
 * nobody else could: the founder working alone (holding the step, no main artist in the project).
 * docs/production.md ("Who is who") states the rule for readers.
 *
 * This one rule answers the pass and send-back calls, the step's `actions.audit` and the to-do
 * item 21; the to-do's SQL copy of it (`mayDecideStepSql` in workflow-todos.repository.ts) is
 * held to the same answers by step-approval.test.ts.
 */

/** What the rule needs to know about a step and its project. */
export interface StepDecisionFacts {
  founderId: number;
  /** Members holding position 2 (main artist). */
  mainArtistIds: readonly number[];
  /** The member the step is assigned to. */
  assigneeId: number;
}

/** `ownWork`: an approver, but the step is theirs and someone else may decide. */
export type StepDecision = 'allowed' | 'notApprover' | 'ownWork';

/** The founder and the main artists, once each. */
export const approversOf = (facts: Omit<StepDecisionFacts, 'assigneeId'>): number[] => [
  ...new Set([facts.founderId, ...facts.mainArtistIds]),
];

export function stepDecision(userId: number, facts: StepDecisionFacts): StepDecision {
  const approvers = approversOf(facts);
  if (!approvers.includes(userId)) return 'notApprover';
  if (userId !== facts.assigneeId) return 'allowed';
  return approvers.length === 1 ? 'allowed' : 'ownWork';
}

export const mayDecideStep = (userId: number, facts: StepDecisionFacts): boolean =>
  stepDecision(userId, facts) === 'allowed';

/** Who may decide on the step now: the approvers but its assignee, or the founder working alone. */
export const decidersOfStep = (facts: StepDecisionFacts): number[] =>
  approversOf(facts).filter((id) => mayDecideStep(id, facts));
