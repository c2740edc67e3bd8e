import {
  AuditStatus,
  ChapterStatus,
  type Language,
  MAIN_ARTIST_POSITION,
  NoticeKind,
  POSITIONS,
  referenceName,
  StepEventKind,
  StepStatus,
  stepStatusText,
  UploadType,
  type WorkPage,
  type WorkStep,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { type FileLinks, privateFileLink } from '../../lib/signed-url.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { type ChapterAccess, chapterAccessOf, requireChapterMember } from '../chapters/chapter-policy.js';
import type { ChapterRow } from '../chapters/chapters.repository.js';
import { type PendingNotice, storeNotices } from '../notices/notices.service.js';
import { requireMember } from '../projects/projects.policy.js';
import { contentTypeOf, extensionOf } from '../uploads/upload-names.js';
import { findUploadByKey } from '../uploads/uploads.repository.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import * as repo from './workflow.repository.js';
import { isFlowEditable } from './workflow-assignment.service.js';

type StepRow = repo.StepRow;
type FoundStep = NonNullable<Awaited<ReturnType<typeof repo.findStep>>>;

/** Work on pages happens while the chapter is in production and not under (or past) the final audit. */
function isWorkOpen(chapter: ChapterRow): boolean {
  return (
    chapter.status === ChapterStatus.IN_PRODUCTION &&
    chapter.auditStatus !== AuditStatus.WAITING &&
    chapter.auditStatus !== AuditStatus.PASSED
  );
}

const currentOf = (steps: StepRow[]) => steps.find((s) => s.status !== StepStatus.DONE);
const isImageKey = (key: string) => contentTypeOf(extensionOf(key)).startsWith('image/');

/** A page is done when it has steps and every one is done. */
export const isPageDone = (steps: StepRow[]) => steps.length > 0 && !currentOf(steps);

async function workPageOf(
  links: FileLinks,
  page: { id: number; num: number; fileKey: string },
  rows: { step: StepRow; nickname: string }[],
  lang: Language,
): Promise<WorkPage> {
  const steps = rows.map((r) => r.step);
  const current = currentOf(steps);
  const currentRow = rows.find((r) => r.step === current);
  const done = steps.filter((s) => s.status === StepStatus.DONE).length;
  const status = steps.length === 0 ? null : (current?.status ?? StepStatus.DONE);
  const latestFile = [...steps].reverse().find((s) => s.fileKey)?.fileKey ?? page.fileKey;
  const updated = steps.reduce<Date | null>((a, s) => (!a || s.updatedAt > a ? s.updatedAt : a), null);
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
    process_text: `${done}/${steps.length}`,
    percent_text: `${steps.length ? Math.round((done / steps.length) * 100) : 0}%`,
    workflow_step_id: current?.id ?? null,
    icon: isImageKey(latestFile) ? await privateFileLink(links, latestFile) : '',
  };
}

export function createWorkflowStepsService(deps: Deps) {
  const { db } = deps;

  /** The step within the caller's project; strangers and other projects' steps are 404. */
  async function stepFor(userId: number, projectId: number, stepId: number) {
    const member = await requireMember(db, projectId, userId);
    const found = await repo.findStep(db, projectId, stepId);
    if (!found) throw notFound();
    return { access: chapterAccessOf(member, found.chapter), found, title: member.title };
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

  function noticeParams(found: FoundStep, title: string) {
    return {
      project: title,
      chapter: found.chapter.title,
      page: found.pageNum,
      posId: found.step.positionId,
    };
  }

  async function approverIds(projectId: number, founderId: number): Promise<number[]> {
    const holders = await repo.positionHolders(db, projectId, 0);
    const artists = holders.filter((h) => h.positionId === MAIN_ARTIST_POSITION).map((h) => h.userId);
    return [...new Set([founderId, ...artists])];
  }

  return {
    async pages(userId: number, projectId: number, chapterId: number, lang: Language) {
      const access = await requireChapterMember(db, projectId, chapterId, userId);
      const { chapter } = access;
      const [pages, steps] = await Promise.all([
        repo.pagesOf(db, chapterId),
        repo.stepsOfChapter(db, chapterId),
      ]);
      const byPage = groupBy(steps, (s) => s.step.pageId);
      const list = await Promise.all(pages.map((p) => workPageOf(deps, p, byPage.get(p.id) ?? [], lang)));
      const allDone = list.length > 0 && list.every((p) => p.status === StepStatus.DONE);
      const submittable = chapter.auditStatus === null || chapter.auditStatus === AuditStatus.REJECTED;
      return {
        pages: list,
        show_buttons: {
          edit: access.isFounder && isFlowEditable(chapter),
          submit:
            access.isFounder && chapter.status === ChapterStatus.IN_PRODUCTION && submittable && allDone,
          audit: access.isEditor && chapter.auditStatus === AuditStatus.WAITING,
        },
        audit_record:
          chapter.auditStatus === null
            ? null
            : { audit_status: chapter.auditStatus, remark: chapter.auditRemark },
      };
    },

    async pageDetail(userId: number, projectId: number, chapterId: number, pageId: number, lang: Language) {
      const access = await requireChapterMember(db, projectId, chapterId, userId);
      const page = (await repo.pagesOf(db, chapterId)).find((p) => p.id === pageId);
      if (!page) throw notFound();
      const rows = await repo.stepsOfPage(db, pageId);
      const current = currentOf(rows.map((r) => r.step));
      const open = isWorkOpen(access.chapter);
      const steps: WorkStep[] = await Promise.all(
        rows.map(({ step, nickname }) =>
          stepView(deps, { userId, access, step, nickname, isCurrent: step === current, open }, lang),
        ),
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
      const notices: PendingNotice[] = (await approverIds(projectId, access.founderId))
        .filter((id) => id !== userId)
        .map((id) => ({
          userId: id,
          kind: NoticeKind.WORK_SUBMITTED,
          params: { ...noticeParams(found, title), nickname: me?.nickname ?? '' },
        }));
      await db.transaction(async (tx) => {
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
        await storeNotices(tx, notices);
      });
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** The founder or a main artist approves: the step is done and the next one's assignee is told. */
    async pass(userId: number, projectId: number, stepId: number): Promise<void> {
      const { found, access, title } = await stepFor(userId, projectId, stepId);
      if (!access.isApprover) throw forbidden();
      requireWorkOpen(found);
      const params = noticeParams(found, title);
      const notices: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        await repo.lockPage(tx, found.chapter.id, found.step.pageId);
        const moved = await repo.moveStep(tx, stepId, [StepStatus.AWAITING_APPROVAL], StepStatus.DONE);
        if (!moved) throw conflict();
        if (moved.ownerUserId !== userId)
          notices.push({ userId: moved.ownerUserId, kind: NoticeKind.WORK_APPROVED, params });
        const next = await repo.nextStep(tx, moved.pageId, moved.sort);
        if (next)
          notices.push({
            userId: next.ownerUserId,
            kind: NoticeKind.WORK_TURN,
            params: { ...params, posId: next.positionId },
          });
        await storeNotices(tx, notices);
      });
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** Sends the work back with a reason and, optionally, an example image (the approver's own upload). */
    async reject(userId: number, projectId: number, stepId: number, remark: string, filePath: string) {
      const { found, access, title } = await stepFor(userId, projectId, stepId);
      if (!access.isApprover) throw forbidden();
      requireWorkOpen(found);
      const sample = await assertOwnUpload(db, userId, filePath, [UploadType.SAMPLE]);
      const upload = sample ? await findUploadByKey(db, sample) : undefined;
      const notices: PendingNotice[] = [];
      await db.transaction(async (tx) => {
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
          });
        await storeNotices(tx, notices);
      });
      await announceChapterChange(deps, projectId, found.chapter.id, notices);
    },

    /** The step's history, newest first; `kind` narrows it to the sendings back (the comments). */
    async history(userId: number, projectId: number, stepId: number, kind?: StepEventKind) {
      await stepFor(userId, projectId, stepId);
      const rows = await repo.eventsOf(db, stepId, kind);
      return {
        list: await Promise.all(
          rows.map(async ({ event, nickname }) => ({
            id: event.id,
            kind: event.kind as StepEventKind,
            file_name: event.fileName,
            create_time: event.createdAt.toISOString(),
            user: nickname,
            download_url: await privateFileLink(deps, event.fileKey),
            remark: event.remark,
          })),
        ),
      };
    },
  };
}

interface StepContext {
  userId: number;
  access: ChapterAccess;
  step: StepRow;
  nickname: string;
  isCurrent: boolean;
  /** The chapter takes page work now. */
  open: boolean;
}

async function stepView(links: FileLinks, c: StepContext, lang: Language): Promise<WorkStep> {
  const { step, open } = c;
  const isMine = step.ownerUserId === c.userId;
  const link = await privateFileLink(links, step.fileKey);
  return {
    step_id: step.id,
    sort: step.sort,
    pos_id: step.positionId,
    position: referenceName(POSITIONS, step.positionId, lang),
    owner_user: c.nickname,
    owner_user_id: step.ownerUserId,
    status: step.status,
    status_text: stepStatusText(step.status, lang),
    page_icon: step.fileKey && isImageKey(step.fileKey) ? link : '',
    download_url: link,
    is_mine: isMine,
    actions: {
      start: open && isMine && c.isCurrent && step.status === StepStatus.NOT_STARTED,
      commit:
        open && isMine && (step.status === StepStatus.IN_PROGRESS || step.status === StepStatus.REJECTED),
      audit: open && c.access.isApprover && step.status === StepStatus.AWAITING_APPROVAL,
    },
  };
}
