import {
  type Language,
  type PageRenditions,
  POSITIONS,
  referenceName,
  type SendBack,
  StepStatus,
  stepStatusText,
  type WorkPage,
  type WorkStep,
} from '@koma/shared';
import { tokyoDay } from '../../lib/calendar.js';
import type { ProjectApprovers } from '../chapters/chapters.repository.js';
import { type FileLinks, privateFileLink } from '../files/signed-url.js';
import { dueOf } from '../schedule/due-plan.js';
import { decidersOfStep, mayDecideStep } from './step-approval.policy.js';
import type { StepRow } from './workflow.repository.js';

/**
 * The views of the work screen: a page of the list (its progress as counts, put into words by
 * workflow.presenter.ts), a step of the page dialog.
 */

/** A page of the work list: the wire's page, with its progress as counts of steps. */
export type WorkPageState = Omit<WorkPage, 'process_text' | 'percent_text' | 'percent'> & {
  stepsDone: number;
  stepCount: number;
};

export const currentOf = (steps: StepRow[]) => steps.find((s) => s.status !== StepStatus.DONE);

/** The file a page shows in the work list: its latest step's file, else its storyboard file. */
export function latestFileOf(page: { fileKey: string }, steps: StepRow[]): string {
  return [...steps].reverse().find((s) => s.fileKey)?.fileKey ?? page.fileKey;
}

/**
 * Who may decide on a step handed in for approval, by nickname, with whether `userId` is one of
 * them; nobody while the step does not await approval.
 */
export function awaitingApproval(step: StepRow | undefined, approvers: ProjectApprovers, userId: number) {
  if (step?.status !== StepStatus.AWAITING_APPROVAL) return { approvers: [], mine: false };
  const ids = decidersOfStep({ ...approvers.facts, assigneeId: step.ownerUserId });
  return { approvers: deciderNames(approvers, step.ownerUserId), mine: ids.includes(userId) };
}

/** Who decides on a step of `assigneeId` once it is handed in, by nickname (step-approval.policy.ts). */
function deciderNames(approvers: ProjectApprovers, assigneeId: number): string[] {
  return decidersOfStep({ ...approvers.facts, assigneeId }).map((id) => approvers.nicknames.get(id) ?? '');
}

/** Who reads the work list, who approves in their project, and the Tokyo day it is read on. */
export interface WorkListReader {
  userId: number;
  approvers: ProjectApprovers;
  /** Once per list: formatting the day took 1 % of the list's CPU when done for each page. */
  today: string;
}

export function workPageOf(
  page: { id: number; num: number; fileKey: string },
  rows: { step: StepRow; nickname: string }[],
  renditionOf: (key: string) => PageRenditions | null,
  sendBackOf: (stepId: number | undefined) => SendBack | null,
  reader: WorkListReader,
  lang: Language,
): WorkPageState {
  const steps = rows.map((r) => r.step);
  const current = currentOf(steps);
  const currentRow = rows.find((r) => r.step === current);
  const done = steps.filter((s) => s.status === StepStatus.DONE).length;
  const status = steps.length === 0 ? null : (current?.status ?? StepStatus.DONE);
  const renditions = renditionOf(latestFileOf(page, steps));
  const updated = steps.reduce<Date | null>((a, s) => (!a || s.updatedAt > a ? s.updatedAt : a), null);
  const awaiting = awaitingApproval(current, reader.approvers, reader.userId);
  return {
    page_id: page.id,
    num: page.num,
    position: current
      ? { id: current.positionId, position: referenceName(POSITIONS, current.positionId, lang) }
      : null,
    status,
    status_text: stepStatusText(status, lang),
    current_user_nickname: currentRow?.nickname ?? '',
    current_user_id: current?.ownerUserId ?? null,
    update_time: updated ? updated.toISOString() : '',
    stepsDone: done,
    stepCount: steps.length,
    workflow_step_id: current?.id ?? null,
    icon: renditions?.thumb ?? '',
    renditions,
    send_back: sendBackOf(current?.id),
    ...(current ? dueOf(current, reader.today) : { due_on: null, overdue: false }),
    approvers: awaiting.approvers,
    awaiting_my_approval: awaiting.mine,
  };
}

export interface StepContext {
  userId: number;
  /** Who approves in the project (the step adds its assignee), with their nicknames. */
  project: ProjectApprovers;
  step: StepRow;
  nickname: string;
  /** Red-pen marks still open on the step. */
  openMarks: number;
  /** Red-pen marks resolved on the step that wait for confirmation. */
  resolvedMarks: number;
  isCurrent: boolean;
  /** The chapter takes page work now. */
  open: boolean;
}

/** What a step's view shows beside the step itself: its file's renditions, why it was sent back. */
export interface StepExtras {
  renditions: PageRenditions | null;
  sendBack: SendBack | null;
}

export async function stepView(
  links: FileLinks,
  c: StepContext,
  { renditions, sendBack }: StepExtras,
  lang: Language,
): Promise<WorkStep> {
  const { step, open } = c;
  const isMine = step.ownerUserId === c.userId;
  return {
    step_id: step.id,
    sort: step.sort,
    pos_id: step.positionId,
    position: referenceName(POSITIONS, step.positionId, lang),
    owner_user: c.nickname,
    owner_user_id: step.ownerUserId,
    status: step.status,
    status_text: stepStatusText(step.status, lang),
    page_icon: renditions?.preview ?? '',
    renditions,
    download_url: await privateFileLink(links, step.fileKey),
    is_mine: isMine,
    send_back: sendBack,
    open_marks: c.openMarks,
    ...dueOf(step, tokyoDay()),
    approvers: awaitingApproval(step, c.project, c.userId).approvers,
    hand_in_approvers: deciderNames(c.project, step.ownerUserId),
    resolved_marks: c.resolvedMarks,
    actions: {
      start: open && isMine && c.isCurrent && step.status === StepStatus.NOT_STARTED,
      commit:
        open && isMine && (step.status === StepStatus.IN_PROGRESS || step.status === StepStatus.REJECTED),
      audit:
        open &&
        step.status === StepStatus.AWAITING_APPROVAL &&
        mayDecideStep(c.userId, { ...c.project.facts, assigneeId: step.ownerUserId }),
    },
  };
}
