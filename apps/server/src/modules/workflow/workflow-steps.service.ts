import {
  AuditStatus,
  ChapterStatus,
  type Language,
  NoticeKind,
  StepEventKind,
  StepStatus,
  UploadType,
  type WorkStep,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { type ChapterAccess, chapterAccessOf, requireChapter } from '../chapters/chapter-policy.js';
import { type ChapterRow, mainArtistIds, projectApprovers } from '../chapters/chapters.repository.js';
import { privateFileLink } from '../files/signed-url.js';
import { markCountsOfStep } from '../marks/mark-counts.repository.js';
import { openMarksOfChapter } from '../marks/marks.repository.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import { type ProjectAccess, requireMember } from '../projects/projects.policy.js';
import { renditionsOfKeys } from '../renditions/rendition-links.js';
import { presentedForecastsOf } from '../schedule/forecasts.js';
import { refreshForecast } from '../schedule/schedule.service.js';
import { attachUploads, wakeRenders } from '../uploads/attach-uploads.js';
import { findUploadByKey } from '../uploads/uploads.repository.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import { watermarkOf } from '../watermarks/watermarks.service.js';
import { cachedApprovers } from './approvers-cache.js';
import { sendBacksOf } from './send-backs.js';
import { decidersOfStep, stepDecision } from './step-approval.policy.js';
import { pagesOf, stepsOfChapter } from './work-list.repository.js';
import * as repo from './workflow.repository.js';
import { isFlowEditable } from './workflow-assignment.service.js';
import { currentOf, latestFileOf, stepView, workPageOf } from './workflow-views.js';

type FoundStep = NonNullable<Awaited<ReturnType<typeof repo.findStep>>>;

/** Work on pages happens while the chapter is in production and not under (or past) the final audit. */
function isWorkOpen(chapter: ChapterRow): boolean {
  return (
    chapter.status === ChapterStatus.IN_PRODUCTION &&
    chapter.auditStatus !== AuditStatus.WAITING &&
    chapter.auditStatus !== AuditStatus.PASSED
  );
}

export function createWorkflowStepsService(deps: Deps) {
  const { db } = deps;

  /** The step within the caller's project; strangers and other projects' steps are 404. */
  async function stepFor(userId: number, projectId: number, stepId: number) {
    return stepIn(await requireMember(db, projectId, userId), stepId);
  }

  /** A step of the project the guard let the caller into (http/guards.ts); other projects' are 404. */
  async function stepIn(member: ProjectAccess, stepId: number) {
    const found = await repo.findStep(db, member.projectId, stepId);
    if (!found) throw notFound();
    return { access: chapterAccessOf(member, found.chapter), found, title: member.title };
  }

  /** Passing and sending back: approvers only, and nobody decides on their own work (step-approval.policy.ts). */
  async function requireDecider(userId: number, access: ChapterAccess, found: FoundStep): Promise<void> {
    const facts = {
      founderId: access.founderId,
      mainArtistIds: await mainArtistIds(db, access.projectId),
      assigneeId: found.step.ownerUserId,
    };
    const decision = stepDecision(userId, facts);
    if (decision === 'notApprover') throw forbidden();
    if (decision === 'ownWork') throw forbidden('ownWorkDecision');
  }

  function requireWorkOpen(found: FoundStep): void {
    if (!isWorkOpen(found.chapter)) throw conflict();
  }

  /** Why a conditional update found nothing: the step moved on, or (for a start) it is not its turn. */
  async function lostRace(tx: Executor, found: FoundStep, wantedFrom: readonly number[]): Promise<never> {
    const [now] = (await repo.stepsOfPage(tx, found.step.pageId)).filter((r) => r.step.id === found.step.id);
    const notYet = now && wantedFrom.includes(now.step.status);
    throw conflict(notYet ? 'notYourTurn' : 'conflict');
  }

  /** The page whose step the notice is about: the bell opens its steps. */
  const pageTarget = (projectId: number, found: FoundStep) =>
    noticeTarget.page(projectId, found.chapter.id, found.step.pageId);

  function noticeParams(found: FoundStep, title: string) {
    return {
      project: title,
      chapter: found.chapter.title,
      page: found.pageNum,
      posId: found.step.positionId,
    };
  }

  /** Who is told that `userId` handed in their step: everyone else who may decide on it. */
  async function decidersOf(access: ChapterAccess, userId: number): Promise<number[]> {
    const facts = {
      founderId: access.founderId,
      mainArtistIds: await mainArtistIds(db, access.projectId),
      assigneeId: userId,
    };
    return decidersOfStep(facts).filter((id) => id !== userId);
  }

  return {
    /** The work list; its pictures watermarked for a watermarked viewer (docs/renditions.md). */
    async pages(
      user: { id: number; nickname: string },
      member: ProjectAccess,
      chapterId: number,
      lang: Language,
    ) {
      const userId = user.id;
      const access = await requireChapter(db, member, chapterId);
      const { chapter } = access;
      const [pages, steps, openMarks, approvers, watermark] = await Promise.all([
        pagesOf(db, chapterId),
        stepsOfChapter(db, chapterId),
        openMarksOfChapter(db, chapterId),
        cachedApprovers(db, member.projectId),
        watermarkOf(deps, member, user),
      ]);
      const byPage = groupBy(steps, (s) => s.step.pageId);
      const renditionOf = await renditionsOfKeys(
        deps,
        pages.map((p) =>
          latestFileOf(
            p,
            (byPage.get(p.id) ?? []).map((r) => r.step),
          ),
        ),
        lang,
        watermark?.code ?? null,
      );
      const sendBackOf = await sendBacksOf(
        deps,
        steps.map((r) => r.step),
        lang,
      );
      const reader = { userId, approvers, today: tokyoDay() };
      const list = pages.map((p) =>
        workPageOf(p, byPage.get(p.id) ?? [], renditionOf, sendBackOf, reader, lang),
      );
      const allDone = list.length > 0 && list.every((p) => p.status === StepStatus.DONE);
      const forecasts = await presentedForecastsOf(db, [chapter], lang);
      const submittable = chapter.auditStatus === null || chapter.auditStatus === AuditStatus.REJECTED;
      return {
        pages: list,
        open_marks: openMarks,
        show_buttons: {
          edit: access.isFounder && isFlowEditable(chapter),
          submit:
            access.isFounder && chapter.status === ChapterStatus.IN_PRODUCTION && submittable && allDone,
          audit: access.isEditorialDesk && chapter.auditStatus === AuditStatus.WAITING,
          // 校了 itself: the editor in charge or a 編集長; a 副担当 may only send it back.
          sign_off: access.maySignOff && chapter.auditStatus === AuditStatus.WAITING,
        },
        audit_record:
          chapter.auditStatus === null
            ? null
            : { audit_status: chapter.auditStatus, remark: chapter.auditRemark },
        forecast: forecasts.get(chapterId) ?? null,
      };
    },

    async pageDetail(
      userId: number,
      member: ProjectAccess,
      chapterId: number,
      pageId: number,
      lang: Language,
    ) {
      const { projectId } = member;
      const access = await requireChapter(db, member, chapterId);
      const page = (await pagesOf(db, chapterId)).find((p) => p.id === pageId);
      if (!page) throw notFound();
      const [rows, project] = await Promise.all([
        repo.stepsOfPage(db, pageId),
        projectApprovers(db, projectId),
      ]);
      const current = currentOf(rows.map((r) => r.step));
      const open = isWorkOpen(access.chapter);
      const [renditionOf, sendBackOf] = await Promise.all([
        renditionsOfKeys(
          deps,
          rows.map((r) => r.step.fileKey),
          lang,
        ),
        sendBacksOf(
          deps,
          rows.map((r) => r.step),
          lang,
        ),
      ]);
      const steps: WorkStep[] = await Promise.all(
        rows.map(({ step, nickname, openMarks, resolvedMarks }) => {
          const isCurrent = step === current;
          const context = { userId, project, step, nickname, openMarks, resolvedMarks, isCurrent, open };
          return stepView(
            deps,
            context,
            { renditions: renditionOf(step.fileKey), sendBack: sendBackOf(step.id) },
            lang,
          );
        }),
      );
      return {
        steps,
        current_step: current
          ? { pos_id: current.positionId, current_user_id: current.ownerUserId, step_id: current.id }
          : null,
      };
    },

    /** The assignee starts the page's current step and gets its input: the previous step's file or the name page. */
    async start(userId: number, projectId: number, stepId: number): Promise<string> {
      const { found } = await stepFor(userId, projectId, stepId);
      if (found.step.ownerUserId !== userId) throw forbidden('notYourStep');
      requireWorkOpen(found);
      const input = await db.transaction(async (tx) => {
        await repo.lockPage(tx, found.chapter.id, found.step.pageId);
        const moved = await repo.moveStep(tx, stepId, [StepStatus.NOT_STARTED], StepStatus.IN_PROGRESS, {
          ownerId: userId,
          mustBeCurrent: true,
        });
        if (!moved) return lostRace(tx, found, [StepStatus.NOT_STARTED]);
        const previous = await repo.previousStep(tx, found.step.pageId, found.step.sort);
        return previous?.fileKey || found.pageFileKey;
      });
      await announceChapterChange(deps, projectId, found.chapter.id);
      return privateFileLink(deps, input);
    },

    /** The assignee hands in the result (their own upload of a page file); approvers are told. */
    async commit(userId: number, projectId: number, stepId: number, filePath: string): Promise<void> {
      const { found, access, title } = await stepFor(userId, projectId, stepId);
      if (found.step.ownerUserId !== userId) throw forbidden('notYourStep');
      requireWorkOpen(found);
      const key = await assertOwnUpload(db, userId, filePath, [UploadType.PAGE]);
      const upload = await findUploadByKey(db, key);
      const me = await repo.userBrief(db, userId);
      const notices: PendingNotice[] = (await decidersOf(access, userId)).map((id) => ({
        userId: id,
        kind: NoticeKind.WORK_SUBMITTED,
        params: { ...noticeParams(found, title), nickname: me?.nickname ?? '' },
        target: pageTarget(projectId, found),
      }));
      const queued = await db.transaction(async (tx) => {
        await repo.lockPage(tx, found.chapter.id, found.step.pageId);
        const from = [StepStatus.IN_PROGRESS, StepStatus.REJECTED];
        const moved = await repo.moveStep(tx, stepId, from, StepStatus.AWAITING_APPROVAL, {
          ownerId: userId,
          fileKey: key,
        });
        if (!moved) throw conflict();
        await repo.insertStepEvent(tx, {
          stepId,
          userId,
          kind: StepEventKind.COMMIT,
          fileKey: key,
          fileName: upload?.filename ?? '',
        });
        await storeNotices(deps, tx, notices);
        return attachUploads(tx, deps.jobs, projectId, [key]);
      });
      wakeRenders(deps.jobs, queued);
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** The founder or a main artist approves: the step is done and the next one's assignee is told. */
    async pass(userId: number, projectId: number, stepId: number): Promise<void> {
      const { found, access, title } = await stepFor(userId, projectId, stepId);
      await requireDecider(userId, access, found);
      requireWorkOpen(found);
      const params = noticeParams(found, title);
      const target = pageTarget(projectId, found);
      const notices: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        await repo.lockPage(tx, found.chapter.id, found.step.pageId);
        const moved = await repo.moveStep(tx, stepId, [StepStatus.AWAITING_APPROVAL], StepStatus.DONE);
        if (!moved) throw conflict();
        if (moved.ownerUserId !== userId)
          notices.push({ userId: moved.ownerUserId, kind: NoticeKind.WORK_APPROVED, params, target });
        const next = await repo.nextStep(tx, moved.pageId, moved.sort);
        if (next)
          notices.push({
            userId: next.ownerUserId,
            kind: NoticeKind.WORK_TURN,
            params: { ...params, posId: next.positionId },
            target,
          });
        await storeNotices(deps, tx, notices, userId);
      });
      await refreshForecast(deps, { ...found.chapter, project: access.title });
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** Sends the work back with a reason and, optionally, an example image (the approver's own upload). */
    async reject(userId: number, projectId: number, stepId: number, remark: string, filePath: string) {
      const { found, access, title } = await stepFor(userId, projectId, stepId);
      await requireDecider(userId, access, found);
      requireWorkOpen(found);
      const sample = await assertOwnUpload(db, userId, filePath, [UploadType.SAMPLE]);
      const upload = sample ? await findUploadByKey(db, sample) : undefined;
      const notices: PendingNotice[] = [];
      const queued = await db.transaction(async (tx) => {
        await repo.lockPage(tx, found.chapter.id, found.step.pageId);
        const moved = await repo.moveStep(tx, stepId, [StepStatus.AWAITING_APPROVAL], StepStatus.REJECTED);
        if (!moved) throw conflict();
        await repo.insertStepEvent(tx, {
          stepId,
          userId,
          kind: StepEventKind.REJECT,
          fileKey: sample,
          fileName: upload?.filename ?? '',
          remark,
        });
        if (moved.ownerUserId !== userId)
          notices.push({
            userId: moved.ownerUserId,
            kind: NoticeKind.WORK_REJECTED,
            params: { ...noticeParams(found, title), message: remark },
            target: pageTarget(projectId, found),
          });
        await storeNotices(deps, tx, notices, userId);
        return attachUploads(tx, deps.jobs, projectId, [sample]);
      });
      wakeRenders(deps.jobs, queued);
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** The step's history, newest first; `kind` narrows it to the sendings back (the comments). */
    async history(member: ProjectAccess, stepId: number, lang: Language, kind?: StepEventKind) {
      await stepIn(member, stepId);
      const [rows, marks] = await Promise.all([
        repo.eventsOf(db, stepId, kind),
        markCountsOfStep(db, stepId),
      ]);
      const renditionOf = await renditionsOfKeys(
        deps,
        rows.map((r) => r.event.fileKey),
        lang,
      );
      return {
        list: await Promise.all(
          rows.map(async ({ event, nickname }) => ({
            id: event.id,
            kind: event.kind as StepEventKind,
            file_name: event.fileName,
            create_time: event.createdAt.toISOString(),
            user: nickname,
            download_url: await privateFileLink(deps, event.fileKey),
            renditions: renditionOf(event.fileKey),
            remark: event.remark,
            // Red-pen marks drawn on this revision by state (docs/marks.md); null when none was.
            marks: (event.kind === StepEventKind.COMMIT && marks.get(event.fileKey)) || null,
          })),
        ),
      };
    },
  };
}
