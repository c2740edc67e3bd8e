import { LIMITS, StepStatus } from '@koma/shared/constants';
import type { MessageKey } from '@koma/shared/i18n';
import type { pageAssignmentData, positionMembersData, SavePositionMembersBody } from '@koma/shared/schemas';
import type { z } from 'zod';

/**
 * The page work flow being edited on /chapter/settings (docs/production.md,
 * docs/states.md), as pure functions: every edit answers the new list or the message key that refuses
 * it. A step that has left 0 is locked: it keeps its place, task and assignee ('削除禁止！'), and
 * the locked steps always come first, so nothing unlocked can move above one.
 */
export type PageAssignment = z.infer<typeof pageAssignmentData>;
export type PositionMembers = z.infer<typeof positionMembersData>['list'];
export type PositionOption = PositionMembers[number];

export interface PlanStep {
  /** Stable key for React and drag and drop: `s<stepId>` for saved steps, `n<seq>` for new ones. */
  key: string;
  /** null for a step that is not saved yet. */
  stepId: number | null;
  posId: number | null;
  ownerUserId: number | null;
  /** StepStatus; new steps are 0. */
  status: number;
  locked: boolean;
  /** The names the server gave a saved step (shown for locked steps, whatever the lists say). */
  position: string;
  ownerNickname: string;
}

export interface PagePlan {
  pageId: number;
  num: number;
  icon: string;
  steps: PlanStep[];
}

/** A refused edit or an invalid plan, as a message key (MESSAGES, shown as `validation.*`). */
export type PlanProblemKey = Extract<
  MessageKey,
  'stepLocked' | 'stepsPerPageTooMany' | 'taskRequired' | 'assigneeRequired' | 'assigneeNotMember'
>;
export type PlanEdit = PlanStep[] | PlanProblemKey;

export const isProblem = (edit: PlanEdit): edit is PlanProblemKey => typeof edit === 'string';

let seq = 0;

/** A new, empty (or pre-filled) step. */
export function newStep(posId: number | null = null, ownerUserId: number | null = null): PlanStep {
  seq += 1;
  return {
    key: `n${seq}`,
    stepId: null,
    posId,
    ownerUserId,
    status: StepStatus.NOT_STARTED,
    locked: false,
    position: '',
    ownerNickname: '',
  };
}

/** The server's pages as plans (steps in the server's order). */
export function plansFromAssignment(data: PageAssignment): PagePlan[] {
  return data.pages.map((page) => ({
    pageId: page.page_id,
    num: page.num,
    icon: page.icon,
    steps: page.steps.map((s) => ({
      key: `s${s.step_id}`,
      stepId: s.step_id,
      posId: s.pos_id,
      ownerUserId: s.owner_user_id,
      status: s.status,
      locked: s.locked || s.status !== StepStatus.NOT_STARTED,
      position: s.position,
      ownerNickname: s.owner_nickname,
    })),
  }));
}

/** How many steps at the top are locked: an unlocked step may only sit at this index or below. */
export function lockedCount(steps: readonly PlanStep[]): number {
  let count = 0;
  while (count < steps.length && steps[count]?.locked) count += 1;
  return count;
}

/** Whether the step at `from` may go to `to` (an index of the list as it is now). */
export function canMove(steps: readonly PlanStep[], from: number, to: number): boolean {
  if (from === to) return false;
  if (from < 0 || to < 0 || from >= steps.length || to >= steps.length) return false;
  if (steps[from]?.locked) return false;
  return to >= lockedCount(steps);
}

/** Moves the step at `from` to index `to`; locked steps and places above them are refused. */
export function moveStep(steps: readonly PlanStep[], from: number, to: number): PlanEdit {
  if (from < 0 || from >= steps.length || to < 0 || to >= steps.length) return [...steps];
  if (from === to) return [...steps];
  if (!canMove(steps, from, to)) return 'stepLocked';
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Removes a step; a locked one stays ('削除禁止！'). */
export function removeStep(steps: readonly PlanStep[], index: number): PlanEdit {
  const step = steps[index];
  if (!step) return [...steps];
  if (step.locked) return 'stepLocked';
  return steps.filter((_, i) => i !== index);
}

/** Appends a step (at most LIMITS.stepsPerPageMax a page). */
export function addStep(steps: readonly PlanStep[], step: PlanStep = newStep()): PlanEdit {
  if (steps.length >= LIMITS.stepsPerPageMax) return 'stepsPerPageTooMany';
  return [...steps, step];
}

/** The members who may take a position (none for an unknown position). */
export function membersOf(positions: PositionMembers, posId: number | null): PositionOption['members'] {
  if (posId === null) return [];
  return positions.find((p) => p.pos_id === posId)?.members ?? [];
}

/**
 * Sets a step's task: the assignee stays when they may take the new task; otherwise the only
 * candidate is chosen, or nobody. A locked step keeps its task.
 */
export function setTask(
  steps: readonly PlanStep[],
  index: number,
  posId: number | null,
  positions: PositionMembers,
): PlanEdit {
  const step = steps[index];
  if (!step) return [...steps];
  if (step.locked) return 'stepLocked';
  const members = membersOf(positions, posId);
  const keep = step.ownerUserId !== null && members.some((m) => m.id === step.ownerUserId);
  const only = members.length === 1 ? (members[0]?.id ?? null) : null;
  const ownerUserId = keep ? step.ownerUserId : only;
  return steps.map((s, i) => (i === index ? { ...s, posId, ownerUserId } : s));
}

/** Sets a step's assignee; a locked step keeps its assignee. */
export function setOwner(steps: readonly PlanStep[], index: number, ownerUserId: number | null): PlanEdit {
  const step = steps[index];
  if (!step) return [...steps];
  if (step.locked) return 'stepLocked';
  return steps.map((s, i) => (i === index ? { ...s, ownerUserId } : s));
}

/** Whether no page has any step (the bulk-apply panel is offered only then). */
export function noStepsAnywhere(pages: readonly PagePlan[]): boolean {
  return pages.every((p) => p.steps.length === 0);
}

/**
 * The bulk template's first problem: it needs at least one step and every step a task
 * ('作業種類を選択してください'). Assignees may be left for each page.
 */
export function bulkProblem(template: readonly PlanStep[]): PlanProblemKey | null {
  if (template.length === 0 || template.some((s) => s.posId === null)) return 'taskRequired';
  if (template.length > LIMITS.stepsPerPageMax) return 'stepsPerPageTooMany';
  return null;
}

/**
 * Applies the template to every page: each page keeps its locked steps (first, as they are)
 * and gets fresh copies of the template after them, its other steps replaced.
 */
export function applyToAll(pages: readonly PagePlan[], template: readonly PlanStep[]): PagePlan[] {
  return pages.map((page) => {
    const locked = page.steps.slice(0, lockedCount(page.steps));
    const room = Math.max(0, LIMITS.stepsPerPageMax - locked.length);
    const copies = template.slice(0, room).map((s) => newStep(s.posId, s.ownerUserId));
    return { ...page, steps: [...locked, ...copies] };
  });
}

const signature = (steps: readonly PlanStep[]) =>
  steps.map((s) => `${s.stepId ?? 'new'}:${s.posId ?? '-'}:${s.ownerUserId ?? '-'}`).join('|');

/** Whether a page's steps differ from what the server has (order, tasks, assignees, added, removed). */
export function stepsChanged(before: readonly PlanStep[], after: readonly PlanStep[]): boolean {
  return signature(before) !== signature(after);
}

/** The pages whose steps changed, by page id. */
export function changedPageIds(base: readonly PagePlan[], draft: readonly PagePlan[]): Set<number> {
  const before = new Map(base.map((p) => [p.pageId, p.steps]));
  const changed = new Set<number>();
  for (const page of draft) {
    if (stepsChanged(before.get(page.pageId) ?? [], page.steps)) changed.add(page.pageId);
  }
  return changed;
}

export interface PlanProblem {
  key: PlanProblemKey;
  pageId: number;
  num: number;
  /** Index of the step in its page (-1 for the page as a whole). */
  index: number;
}

/** The problems of one page's unlocked steps: a task, then an assignee who may take it. */
export function stepProblem(step: PlanStep, positions: PositionMembers): PlanProblemKey | null {
  if (step.locked) return null;
  if (step.posId === null) return 'taskRequired';
  if (step.ownerUserId === null) return 'assigneeRequired';
  if (!membersOf(positions, step.posId).some((m) => m.id === step.ownerUserId)) return 'assigneeNotMember';
  return null;
}

/**
 * The first problem of the pages that are going to be saved, pages in order and steps in order.
 * Only changed pages are checked: the others are not sent.
 */
export function firstProblem(
  draft: readonly PagePlan[],
  changed: ReadonlySet<number>,
  positions: PositionMembers,
): PlanProblem | null {
  for (const page of draft) {
    if (!changed.has(page.pageId)) continue;
    if (page.steps.length > LIMITS.stepsPerPageMax)
      return { key: 'stepsPerPageTooMany', pageId: page.pageId, num: page.num, index: -1 };
    for (const [index, step] of page.steps.entries()) {
      const key = stepProblem(step, positions);
      if (key) return { key, pageId: page.pageId, num: page.num, index };
    }
  }
  return null;
}

/** The savePositionMembers body: every changed page with all its steps in order. */
export function toSaveBody(
  projectId: number,
  chapterId: number,
  draft: readonly PagePlan[],
  changed: ReadonlySet<number>,
): SavePositionMembersBody {
  return {
    projectId,
    chapterId,
    pages: draft
      .filter((page) => changed.has(page.pageId))
      .map((page) => ({
        pageId: page.pageId,
        steps: page.steps.map((s) => ({
          ...(s.stepId !== null ? { stepId: s.stepId } : {}),
          posId: s.posId ?? 0,
          ownerUserId: s.ownerUserId ?? 0,
        })),
      })),
  };
}

/** Whether `steps` keeps `locked` (the server's locked steps) first, in order and unchanged. */
function keepsLocked(steps: readonly PlanStep[], locked: readonly PlanStep[]): boolean {
  return locked.every((l, i) => {
    const s = steps[i];
    return s?.stepId === l.stepId && s.posId === l.posId && s.ownerUserId === l.ownerUserId;
  });
}

export interface Rebased {
  draft: PagePlan[];
  /** Numbers of the pages whose own edits had to be dropped (a step they moved or removed has started). */
  dropped: number[];
}

/**
 * Follows a reload of the server's plan while editing: pages not edited take the new data;
 * edited pages keep the edits, with the steps' new statuses, unless a step that has meanwhile
 * started was moved, changed or removed: then the page is reset to the server's plan.
 */
export function rebase(
  base: readonly PagePlan[],
  draft: readonly PagePlan[],
  server: readonly PagePlan[],
): Rebased {
  const baseById = new Map(base.map((p) => [p.pageId, p]));
  const draftById = new Map(draft.map((p) => [p.pageId, p]));
  const dropped: number[] = [];
  const next = server.map((fresh) => {
    const mine = draftById.get(fresh.pageId);
    const before = baseById.get(fresh.pageId);
    if (!mine || !before || !stepsChanged(before.steps, mine.steps)) return fresh;
    const byId = new Map(fresh.steps.filter((s) => s.stepId !== null).map((s) => [s.stepId, s]));
    // Steps removed on the server (another save) cannot be kept.
    const gone = mine.steps.some((s) => s.stepId !== null && !byId.has(s.stepId));
    const steps = mine.steps.map((s) => {
      const now = s.stepId === null ? undefined : byId.get(s.stepId);
      return now
        ? {
            ...s,
            status: now.status,
            locked: now.locked,
            position: now.position,
            ownerNickname: now.ownerNickname,
          }
        : s;
    });
    const locked = fresh.steps.slice(0, lockedCount(fresh.steps));
    const lockedNow = steps.filter((s) => s.locked).length;
    if (gone || !keepsLocked(steps, locked) || lockedNow !== locked.length) {
      dropped.push(fresh.num);
      return fresh;
    }
    return { ...fresh, steps };
  });
  return { draft: next, dropped };
}
