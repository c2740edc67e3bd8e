import {
  ChapterStatus,
  CheckStatus,
  chapterStatusText,
  type DraftPage,
  DraftPageStatus,
  draftPageStatusText,
  type Language,
  LIMITS,
  type MarkCounts,
  NoticeKind,
  type PageRenditions,
  UploadType,
} from '@koma/shared';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import {
  type ChapterAccess,
  chapterAccessOf,
  requireChapter,
  requireChapterMember,
  requireCreator,
} from '../chapters/chapter-policy.js';
import { chapterTeamIds } from '../chapters/chapter-team.repository.js';
import * as chaptersRepo from '../chapters/chapters.repository.js';
import { privateFileLink } from '../files/signed-url.js';
import { markCountsOfPages, NO_MARKS } from '../marks/mark-counts.repository.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import { openingsFor } from '../projects/openings.js';
import { type ProjectAccess, requireMember } from '../projects/projects.policy.js';
import * as projectsRepo from '../projects/projects.repository.js';
import { renditionsOfKeys } from '../renditions/rendition-links.js';
import { attachUploads, wakeRenders } from '../uploads/attach-uploads.js';
import { keyOfPath } from '../uploads/upload-names.js';
import { createUploadsService, discardStored, type IncomingFile } from '../uploads/uploads.service.js';
import { watermarkOf } from '../watermarks/watermarks.service.js';
import { insertRevision, revisionKeysOfPage } from './page-revisions.repository.js';
import * as repo from './pages.repository.js';

/** Chapter statuses in which creators edit the storyboard (ネーム作成中, ネーム修正中). */
export const NAME_EDITABLE: readonly number[] = [ChapterStatus.NAME_WRITING, ChapterStatus.NAME_REVISION];
const isNameEditable = (status: number) => NAME_EDITABLE.includes(status);

export interface PageIds {
  projectId: number;
  pageId: number;
}

export interface PageCheck {
  pageId: number;
  checkStatus: number;
  remark: string;
}

export interface ChapterCheck {
  projectId: number;
  chapterId: number;
  checkStatus: number;
  chapterNote: string;
}

type ListedPage = Awaited<ReturnType<typeof repo.listPages>>[number];

/**
 * The storyboard ("name") of a chapter (docs/production.md): creators fill and submit its pages
 * while the chapter is 1 or 5; the editor in charge reviews them while it is 4.
 */
export function createPagesService(deps: Deps) {
  const { db, storage } = deps;
  const uploads = createUploadsService(deps);

  /** The page and what the caller is to its chapter; 404 for strangers and other projects' pages. */
  async function pageAccess(userId: number, ids: PageIds) {
    return pageIn(await requireMember(db, ids.projectId, userId), ids.pageId);
  }

  /** A page of the project the guard let the caller into (http/guards.ts); other projects' are 404. */
  async function pageIn(member: ProjectAccess, pageId: number) {
    const page = await repo.findPage(db, member.projectId, pageId);
    const chapter = page && (await chaptersRepo.findChapter(db, member.projectId, page.chapterId));
    if (!page || !chapter) throw notFound();
    return { page, access: chapterAccessOf(member, chapter) };
  }

  /** Creators only, and only while the storyboard may change. */
  function requireEditable(access: ChapterAccess): void {
    requireCreator(access);
    if (!isNameEditable(access.chapter.status)) throw conflict('namesNotEditable');
  }

  /** Removes files and their renditions from storage once their rows are gone for good (after the commit). */
  const discard = (keys: string[]) => discardStored(storage, keys);

  const iconOf = (key: string) => privateFileLink(deps, key);

  /** Draft pages as replies: the grid shows each page's thumbnail, never the original. */
  async function toDraftPages(
    rows: ListedPage[],
    lang: Language,
    code: string | null = null,
  ): Promise<DraftPage[]> {
    const [renditionOf, marks] = await Promise.all([
      renditionsOfKeys(
        deps,
        rows.map((p) => p.fileKey),
        lang,
        code,
      ),
      markCountsOfPages(
        db,
        rows.map((p) => p.id),
        'storyboard',
      ),
    ]);
    return rows.map((p) => toDraftPage(p, renditionOf(p.fileKey), marks.get(p.id) ?? NO_MARKS, lang));
  }

  function toDraftPage(
    p: ListedPage,
    renditions: PageRenditions | null,
    marks: MarkCounts,
    lang: Language,
  ): DraftPage {
    return {
      id: p.id,
      num: p.num,
      icon: renditions?.thumb ?? '',
      renditions,
      status: p.status,
      status_text: draftPageStatusText(p.status, lang),
      user: p.userId === null ? null : { id: p.userId, nickname: p.nickname ?? '' },
      update_time: p.updatedAt.toISOString(),
      note_count: p.noteCount,
      open_marks: p.openMarks,
      revisions: p.revisions,
      marks,
    };
  }

  const noticeParams = (access: ChapterAccess) => ({ project: access.title, chapter: access.chapter.title });

  return {
    /** The storyboard grid; its pictures watermarked for a watermarked viewer (docs/renditions.md). */
    async list(
      member: ProjectAccess,
      viewer: { id: number; nickname: string },
      chapterId: number,
      lang: Language,
    ) {
      const access = await requireChapter(db, member, chapterId);
      const [rows, watermark] = await Promise.all([
        repo.listPages(db, chapterId),
        watermarkOf(deps, member, viewer),
      ]);
      const status = access.chapter.status;
      return {
        list: await toDraftPages(rows, lang, watermark?.code ?? null),
        chapter: { status, status_desc: chapterStatusText(status, lang, access.chapter.auditStatus) },
        // Creators: everyone but the editorial desk (requireCreator's rule).
        can_edit: !(access.isEditorialDesk && !access.isFounder) && isNameEditable(status),
        can_review: access.isEditorialDesk && status === ChapterStatus.AWAITING_EDITOR,
      };
    },

    /** Appends an empty page; its id. */
    async addNew(userId: number, projectId: number, chapterId: number): Promise<number> {
      const access = await requireChapterMember(db, projectId, chapterId, userId);
      requireEditable(access);
      const pageId = await db.transaction(async (tx) => {
        const chapter = await chaptersRepo.lockChapterInStatus(tx, chapterId, NAME_EDITABLE, 'update');
        if (!chapter) throw conflict('namesNotEditable');
        const pages = await repo.countPages(tx, chapterId);
        if (pages >= LIMITS.chapterPagesMax) throw conflict('pagesTooMany');
        const added = await repo.appendPage(tx, chapterId);
        await chaptersRepo.setPageCount(tx, chapterId, pages + 1);
        return added.id;
      });
      openingsFor(db).markStale();
      await announceChapterChange(deps, projectId, chapterId);
      return pageId;
    },

    /** Deletes a page, renumbers the pages after it, and its files leave storage after the commit. */
    async delete(userId: number, ids: PageIds): Promise<void> {
      const { page, access } = await pageAccess(userId, ids);
      requireEditable(access);
      const gone = await db.transaction(async (tx) => {
        if (!(await chaptersRepo.lockChapterInStatus(tx, page.chapterId, NAME_EDITABLE, 'update')))
          throw conflict('namesNotEditable');
        // Read before the page's rows go: its revisions leave with it (cascade).
        const revisions = await revisionKeysOfPage(tx, page.id);
        const deleted = await repo.deletePage(tx, page.id);
        if (!deleted) throw notFound();
        await chaptersRepo.setPageCount(tx, page.chapterId, await repo.countPages(tx, page.chapterId));
        const keys = [...new Set([...revisions, deleted.fileKey].filter(Boolean))];
        await repo.deleteUploads(tx, keys);
        return keys;
      });
      openingsFor(db).markStale();
      await discard(gone);
      await announceChapterChange(deps, ids.projectId, page.chapterId);
    },

    /**
     * Stores the page's file (a format renditions read — PNG, JPEG, GIF, WebP, TIFF, PSD, PSB — of at
     * most 100 MB, as page work takes; a private upload of type 11) and puts it on the
     * page: 3 after the first upload, 6 after a later one. The replaced file stays, an earlier
     * revision of the page (docs/production.md, "Storyboard revisions"), with the marks drawn on
     * it; a refused or lost request keeps nothing.
     */
    async upload(userId: number, ids: PageIds, file: IncomingFile, lang: Language): Promise<DraftPage> {
      const { page, access } = await pageAccess(userId, ids);
      requireEditable(access);
      const stored = await uploads.upload(userId, String(UploadType.PAGE), file, { pageFile: true });
      const key = keyOfPath(stored.path);
      if (!key) throw new Error(`upload answered an unknown path: ${stored.path}`);
      let queued: boolean;
      try {
        queued = await db.transaction(async (tx) => {
          if (!(await chaptersRepo.lockChapterInStatus(tx, page.chapterId, NAME_EDITABLE, 'update')))
            throw conflict('namesNotEditable');
          if (!(await repo.findPage(tx, ids.projectId, page.id, 'update'))) throw notFound();
          if (!(await repo.replacePageFile(tx, page.id, key, userId))) throw notFound();
          await insertRevision(tx, page.id, key, userId);
          return attachUploads(tx, deps.jobs, ids.projectId, [key]);
        });
      } catch (err) {
        await repo.deleteUploads(db, [key]);
        await discard([key]);
        throw err;
      }
      wakeRenders(deps.jobs, queued);
      await announceChapterChange(deps, ids.projectId, page.chapterId);
      const listed = await repo.listedPage(db, page.chapterId, page.id);
      if (!listed) throw notFound();
      const [draft] = await toDraftPages([listed], lang);
      return draft as DraftPage;
    },

    /** A short-lived link to the page's image, for members. */
    async downloadUrl(member: ProjectAccess, pageId: number): Promise<string> {
      const { page } = await pageIn(member, pageId);
      if (!page.fileKey) throw conflict('pageFileMissing');
      return iconOf(page.fileKey);
    },

    async listNotes(member: ProjectAccess, pageId: number, page: number, pageSize: number) {
      const { page: draft } = await pageIn(member, pageId);
      const [rows, total] = await Promise.all([
        repo.listNotes(db, draft.id, pageSize, (page - 1) * pageSize),
        repo.countNotes(db, draft.id),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          content: r.content,
          user: { id: r.userId, nickname: r.nickname, pic: r.pic },
          create_at: r.createdAt.toISOString(),
        })),
        total,
      };
    },

    async addNote(userId: number, member: ProjectAccess, pageId: number, content: string): Promise<void> {
      const { page } = await pageIn(member, pageId);
      await db.transaction(async (tx) => {
        // Locked, so the page cannot be deleted between the check and the insert.
        if (!(await repo.findPage(tx, member.projectId, page.id, 'share'))) throw notFound();
        await repo.insertNote(tx, page.id, userId, content);
      });
      await announceChapterChange(deps, member.projectId, page.chapterId);
    },

    /**
     * The editor in charge passes (→ 4) or sends back (→ 5) one uploaded page while the chapter is
     * 4; a send-back's reason becomes the page's comment, in the same transaction.
     */
    async review(editor: ProjectAccess, userId: number, input: PageCheck): Promise<void> {
      const { pageId, checkStatus, remark } = input;
      const { page, access } = await pageIn(editor, pageId);
      if (access.chapter.status !== ChapterStatus.AWAITING_EDITOR) throw conflict('namesNotInReview');
      const status = checkStatus === CheckStatus.ACCEPT ? DraftPageStatus.APPROVED : DraftPageStatus.REJECTED;
      await db.transaction(async (tx) => {
        const locked = await chaptersRepo.lockChapterInStatus(
          tx,
          page.chapterId,
          [ChapterStatus.AWAITING_EDITOR],
          'share',
        );
        if (!locked) throw conflict('namesNotInReview');
        if (!(await repo.reviewPage(tx, page.id, status))) throw conflict('pageFileMissing');
        if (status === DraftPageStatus.REJECTED && remark) await repo.insertNote(tx, page.id, userId, remark);
      });
      await announceChapterChange(deps, editor.projectId, page.chapterId);
    },

    /**
     * Creators submit the storyboard (1/5 → 4): every page uploaded and an editor in charge to
     * review it, who is told.
     */
    async commit(userId: number, projectId: number, chapterId: number): Promise<void> {
      const access = await requireChapterMember(db, projectId, chapterId, userId);
      requireEditable(access);
      const pending: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const moved = await chaptersRepo.moveChapterStatus(
          tx,
          chapterId,
          NAME_EDITABLE,
          ChapterStatus.AWAITING_EDITOR,
        );
        if (!moved) throw conflict('namesNotEditable');
        // The chapter row is now locked: no page changes under these checks.
        const counts = await repo.pageStatusCounts(tx, chapterId);
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        if (total === 0) throw conflict('namesEmpty');
        if ((counts.get(DraftPageStatus.EMPTY) ?? 0) > 0) throw conflict('namesIncomplete');
        const editor = await projectsRepo.editorOf(tx, projectId);
        if (!editor) throw conflict('editorInChargeRequired');
        pending.push({
          userId: editor.uid,
          kind: NoticeKind.NAME_SUBMITTED,
          params: noticeParams(access),
          target: noticeTarget.storyboard(projectId, chapterId),
        });
        await storeNotices(deps, tx, pending, userId);
      });
      await announceChapterChange(deps, projectId, chapterId, pending);
    },

    /**
     * The editor in charge decides on the storyboard (status 4): approval needs every page passed
     * (→ 2); rejection needs a reason and a page not passed (→ 5, the reason kept). The team is told.
     */
    async check(userId: number, editor: ProjectAccess, input: ChapterCheck): Promise<void> {
      const { projectId, chapterId } = input;
      const access = await requireChapter(db, editor, chapterId);
      const approve = input.checkStatus === CheckStatus.ACCEPT;
      const reason = input.chapterNote.trim();
      if (!approve && !reason) throw badInput('rejectReasonRequired');
      if (access.chapter.status !== ChapterStatus.AWAITING_EDITOR) throw conflict('namesNotInReview');
      const pending: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const moved = await chaptersRepo.moveChapterStatus(
          tx,
          chapterId,
          [ChapterStatus.AWAITING_EDITOR],
          approve ? ChapterStatus.WORKFLOW_SETUP : ChapterStatus.NAME_REVISION,
          approve ? {} : { nameRemark: reason },
        );
        if (!moved) throw conflict('namesNotInReview');
        // The chapter row is now locked: no page is reviewed under these checks.
        const counts = await repo.pageStatusCounts(tx, chapterId);
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        const approved = counts.get(DraftPageStatus.APPROVED) ?? 0;
        if (approve && (total === 0 || approved !== total)) throw conflict('allPagesApproved');
        if (!approve && approved === total) throw conflict('onePageRejected');
        const params = approve ? noticeParams(access) : { ...noticeParams(access), message: reason };
        const kind = approve ? NoticeKind.NAME_APPROVED : NoticeKind.NAME_REJECTED;
        const target = noticeTarget.storyboard(projectId, chapterId);
        for (const memberId of await chapterTeamIds(tx, projectId, chapterId))
          if (memberId !== userId) pending.push({ userId: memberId, kind, params, target });
        await storeNotices(deps, tx, pending, userId);
      });
      await announceChapterChange(deps, projectId, chapterId, pending);
    },
  };
}
