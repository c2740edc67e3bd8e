import {
  AuditStatus,
  ChapterStatus,
  type Language,
  POSITIONS,
  referenceName,
  StepStatus,
  type savePositionMembersBody,
} from '@koma/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { type ChapterAccess, requireChapter } from '../chapters/chapter-policy.js';
import type { ChapterRow } from '../chapters/chapters.repository.js';
import * as chaptersRepo from '../chapters/chapters.repository.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import * as team from '../projects/team.repository.js';
import { renditionsOfKeys } from '../renditions/rendition-links.js';
import { dueOf } from '../schedule/due-plan.js';
import { planChapterDueDays, refreshForecast } from '../schedule/schedule.service.js';
import { pagesOf, stepsOfChapter } from './work-list.repository.js';
import * as repo from './workflow.repository.js';

type SaveInput = z.output<typeof savePositionMembersBody>;
type PlannedStep = SaveInput['pages'][number]['steps'][number];

const KNOWN_POSITIONS = new Set(POSITIONS.map((p) => p.id));

/** The flow can change once the name is approved and until the final audit is requested. */
export function isFlowEditable(chapter: ChapterRow): boolean {
  const inProduction =
    chapter.status === ChapterStatus.WORKFLOW_SETUP || chapter.status === ChapterStatus.IN_PRODUCTION;
  const audit = chapter.auditStatus;
  return inProduction && audit !== AuditStatus.WAITING && audit !== AuditStatus.PASSED;
}

function assertFlowEditable(chapter: ChapterRow): void {
  if (chapter.status < ChapterStatus.WORKFLOW_SETUP || chapter.status > ChapterStatus.IN_PRODUCTION)
    throw conflict(chapter.status === ChapterStatus.FINISHED ? 'workflowNotEditable' : 'workflowNotReady');
  if (!isFlowEditable(chapter)) throw conflict('workflowNotEditable');
}

/** Who may take each position in a chapter: the position's holders, and the founder for any. */
async function assigneesByPosition(db: Executor, access: ChapterAccess) {
  const [holders, founder] = await Promise.all([
    repo.positionHolders(db, access.projectId, access.chapter.id),
    repo.userBrief(db, access.founderId),
  ]);
  const byPosition = new Map<number, { id: number; nickname: string; pic: string }[]>();
  for (const p of POSITIONS) byPosition.set(p.id, founder ? [founder] : []);
  for (const h of holders) {
    const list = byPosition.get(h.positionId);
    if (list && !list.some((m) => m.id === h.userId))
      list.push({ id: h.userId, nickname: h.nickname, pic: h.pic });
  }
  return byPosition;
}

/**
 * Checks one page's new plan against its current steps: the locked ones (started, so a prefix of
 * the page) must come first, unchanged and in order ('削除禁止！'); the rest must be assignable.
 */
function checkPagePlan(
  current: repo.StepRow[],
  planned: PlannedStep[],
  assignees: Map<number, { id: number }[]>,
): PlannedStep[] {
  const locked = current.filter((s) => s.status !== StepStatus.NOT_STARTED);
  const ownIds = new Set(current.map((s) => s.id));
  locked.forEach((step, i) => {
    const p = planned[i];
    const same =
      p && p.stepId === step.id && p.posId === step.positionId && p.ownerUserId === step.ownerUserId;
    if (!same) throw badInput('stepLocked');
  });
  const fresh = planned.slice(locked.length);
  for (const p of fresh) {
    if (p.stepId && !ownIds.has(p.stepId)) throw badInput('invalidValue');
    if (p.stepId && locked.some((s) => s.id === p.stepId)) throw badInput('stepLocked');
    if (!KNOWN_POSITIONS.has(p.posId)) throw badInput('taskRequired');
    if (!assignees.get(p.posId)?.some((m) => m.id === p.ownerUserId)) throw badInput('assigneeNotMember');
  }
  return fresh;
}

/** A step saved again keeps the due day the founder moved (docs/schedule.md). */
function handMovedDay(current: repo.StepRow[], stepId: number | null | undefined) {
  const old = stepId ? current.find((s) => s.id === stepId) : undefined;
  return old?.dueByHand ? { dueOn: old.dueOn, dueByHand: true } : {};
}

export function createWorkflowAssignmentService(deps: Deps) {
  const { db } = deps;
  return {
    async positionMembers(member: ProjectAccess, chapterId: number, lang: Language) {
      const access = await requireChapter(db, member, chapterId);
      const byPosition = await assigneesByPosition(db, access);
      return {
        list: POSITIONS.map((p) => ({
          pos_id: p.id,
          position: referenceName(POSITIONS, p.id, lang),
          members: byPosition.get(p.id) ?? [],
        })),
      };
    },

    async plan(member: ProjectAccess, chapterId: number, lang: Language) {
      const access = await requireChapter(db, member, chapterId);
      const [pages, steps] = await Promise.all([pagesOf(db, chapterId), stepsOfChapter(db, chapterId)]);
      const byPage = groupBy(steps, (s) => s.step.pageId);
      const today = tokyoDay();
      // The settings list shows every page of the chapter: thumbnails, never the originals.
      const renditionOf = await renditionsOfKeys(
        deps,
        pages.map((p) => p.fileKey),
        lang,
      );
      return {
        pages: pages.map((page) => {
          const renditions = renditionOf(page.fileKey);
          return {
            page_id: page.id,
            num: page.num,
            icon: renditions?.thumb ?? '',
            renditions,
            steps: (byPage.get(page.id) ?? []).map(({ step, nickname }) => ({
              step_id: step.id,
              pos_id: step.positionId,
              position: referenceName(POSITIONS, step.positionId, lang),
              owner_user_id: step.ownerUserId,
              owner_nickname: nickname,
              status: step.status,
              locked: step.status !== StepStatus.NOT_STARTED,
              ...dueOf(step, today),
            })),
          };
        }),
        editable: access.isFounder && isFlowEditable(access.chapter),
      };
    },

    /** The founder saves the steps of some pages; the first save starts production (2 → 3). */
    async save(founder: ProjectAccess, input: SaveInput): Promise<void> {
      const access = await requireChapter(db, founder, input.chapterId);
      assertFlowEditable(access.chapter);
      const pageIds = input.pages.map((p) => p.pageId);
      if (new Set(pageIds).size !== pageIds.length) throw badInput('invalidValue');
      await db.transaction(async (tx) => {
        const chapter = await repo.lockChapter(tx, input.chapterId);
        if (!chapter) throw notFound();
        assertFlowEditable(chapter);
        // Whoever is given a step is held against a removal committing meanwhile, and read after
        // (projects/team.repository.ts): a removed member is never given a step.
        const owners = new Set(input.pages.flatMap((p) => p.steps.map((s) => s.ownerUserId)));
        await team.shareMemberRows(tx, input.projectId, [...owners]);
        const assignees = await assigneesByPosition(tx, access);
        // One statement each for all pages: a 1,000-page chapter saves in a handful of queries.
        if ((await repo.lockPages(tx, input.chapterId, pageIds)).length !== pageIds.length) throw notFound();
        const current = groupBy(await repo.stepsOfPages(tx, pageIds), (s) => s.pageId);
        const rows = input.pages.flatMap((page) => {
          const steps = current.get(page.pageId) ?? [];
          const fresh = checkPagePlan(steps, page.steps, assignees);
          const started = steps.filter((s) => s.status !== StepStatus.NOT_STARTED);
          const lastLockedSort = Math.max(-1, ...started.map((s) => s.sort));
          return fresh.map((s, i) => ({
            pageId: page.pageId,
            chapterId: input.chapterId,
            sort: lastLockedSort + 1 + i,
            positionId: s.posId,
            ownerUserId: s.ownerUserId,
            ...handMovedDay(steps, s.stepId),
          }));
        });
        await repo.deleteUnstartedSteps(tx, pageIds);
        await repo.insertSteps(tx, rows);
        await planChapterDueDays(tx, chapter, pageIds);
        await chaptersRepo.moveChapterStatus(
          tx,
          input.chapterId,
          [ChapterStatus.WORKFLOW_SETUP],
          ChapterStatus.IN_PRODUCTION,
        );
      });
      await refreshForecast(deps, {
        ...access.chapter,
        status: ChapterStatus.IN_PRODUCTION,
        project: access.title,
      });
      await announceChapterChange(deps, input.projectId, input.chapterId);
    },
  };
}
