import {
  LIMITS,
  type MarkState,
  type markAddBody,
  markWithin,
  NoticeKind,
  MarkState as State,
} from '@koma/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import {
  type ChapterAccess,
  chapterAccessOf,
  isCreator,
  isLocked,
  requireUnlocked,
} from '../chapters/chapter-policy.js';
import { requireMember } from '../projects/projects.policy.js';
import { announceMarks, type MarkedPage, markNotice, storeMarkNotices } from './mark-events.js';
import { findPageRevision, type PageRevision } from './marked-page.repository.js';
import { judgeDecision } from './marks.policy.js';
import * as repo from './marks.repository.js';

/** A mark's state changes: who makes each, and from which states (docs/marks.md). */
const MOVES = {
  resolve: { by: 'assignee', from: [State.OPEN], to: State.RESOLVED },
  confirm: { by: 'reviewer', from: [State.RESOLVED], to: State.CONFIRMED },
  reopen: { by: 'reviewer', from: [State.RESOLVED, State.CONFIRMED], to: State.OPEN },
} as const satisfies Record<string, { by: string; from: readonly MarkState[]; to: MarkState }>;
export type MarkMove = keyof typeof MOVES;

type AddInput = z.output<typeof markAddBody>;

/** Characters as PostgreSQL's char_length counts them (code points), as the page's tally does. */
const charLength = (text: string) => [...text].length;

/**
 * Locks the page for a change of its marks (docs/marks.md): a page gone is 404; a 校了 chapter
 * refuses the change, as its schedule does.
 */
async function lockPageForChange(tx: Executor, projectId: number, pageId: number, lock: 'update' | 'share') {
  const chapter = await repo.lockPageOfChapter(tx, projectId, pageId, lock);
  if (!chapter) throw notFound();
  requireUnlocked(chapter);
}

/**
 * The page's threads (`chars` of them, counted under the page's lock) with `text` added stay within
 * `LIMITS.pageThreadCharsMax`.
 */
function requireThreadRoom(chars: number, text: string) {
  if (chars + charLength(text) > LIMITS.pageThreadCharsMax) throw conflict('pageThreadsFull');
}

/** A mark and its thread, as the presenter makes them into the wire format. */
export interface MarkThread {
  rows: repo.ListedMark[];
  replies: repo.ListedReply[];
}

/** A page's marks (of one revision, or all), the ghosts over the revision, the caller's rights there. */
export interface MarkList {
  marks: MarkThread;
  ghosts: MarkThread;
  may: { judge: boolean; resolve: boolean };
  /** A 校了 chapter's marks are its record: nobody may change them there. */
  locked: boolean;
}

/** Whom a mark call judges by: the page's access, its assignee (null on the storyboard), the main artists. */
interface Judged {
  access: ChapterAccess;
  assigneeId: number | null;
  mainArtists: readonly number[];
}

/**
 * Red-pen marks (docs/marks.md): the rules of who draws, replies to and moves a mark. Every call
 * reads the caller's membership first: strangers and other projects' pages and marks are 404.
 */
export function createMarksService(deps: Deps) {
  const { db } = deps;

  /** The page and, when `uploadId` is given, one of its revisions, in one statement (marked-page.repository.ts). */
  async function pageFor(userId: number, projectId: number, pageId: number, uploadId = 0) {
    const member = await requireMember(db, projectId, userId);
    const found = await findPageRevision(db, projectId, pageId, uploadId);
    if (!found) throw notFound();
    return { ...found, access: chapterAccessOf(member, found.chapter) };
  }

  async function markFor(userId: number, projectId: number, markId: number) {
    const member = await requireMember(db, projectId, userId);
    const found = await repo.findMark(db, projectId, markId);
    if (!found) throw notFound();
    return { ...found, access: chapterAccessOf(member, found.chapter) };
  }

  /** Drawing, confirming, reopening: who may judge the page (marks.policy.ts). */
  function requireReviewer(userId: number, at: Judged) {
    const decision = judgeDecision(userId, at.access, at.assigneeId, at.mainArtists);
    if (decision === 'notApprover') throw forbidden();
    if (decision === 'ownWork') throw forbidden('ownWorkMark');
  }

  /** Resolving: the step's assignee; on the storyboard, those who write it (creators). */
  const isAssignee = (userId: number, access: ChapterAccess, assigneeId: number | null) =>
    assigneeId === null ? isCreator(access) : assigneeId === userId;

  /**
   * The revision of the page named by its upload's id (docs/viewer.md), and the step it was handed
   * in to: one of the page's storyboard files (its latest or an earlier one, docs/production.md,
   * "Storyboard revisions"), or a file committed to one of its steps; anything else is 404.
   */
  function revisionOf({ page, upload, step, storyboard }: PageRevision) {
    if (!upload) throw notFound();
    if (page.fileKey === upload.key || storyboard) return { upload, assigneeId: null, stepId: null };
    if (step?.id == null) throw notFound();
    return { upload, assigneeId: step.ownerUserId, stepId: step.id };
  }

  const markedPage = (access: ChapterAccess, mark: repo.MarkRow): MarkedPage => ({
    projectId: access.projectId,
    chapterId: access.chapter.id,
    pageId: mark.pageId,
  });

  async function thread(filter: repo.MarkFilter): Promise<MarkThread> {
    const rows = await repo.marksOf(db, filter);
    return {
      rows,
      replies: await repo.repliesOf(
        db,
        rows.map((r) => r.mark.id),
      ),
    };
  }

  /**
   * One revision's marks, the ghosts of the open marks of its step's (or the storyboard's) earlier
   * revisions, and what the caller may do on it: the viewer draws the revision with all three.
   */
  async function revisionThread(
    userId: number,
    uploadId: number,
    found: PageRevision & { access: ChapterAccess },
  ) {
    const revision = revisionOf(found);
    const { page, access, mainArtists } = found;
    const [marks, ghosts] = await Promise.all([
      thread({ pageId: page.id, uploadId }),
      thread({ pageId: page.id, ghostsBefore: { uploadId, stepId: revision.stepId } }),
    ]);
    const locked = isLocked(access.chapter);
    const decision = judgeDecision(userId, access, revision.assigneeId, mainArtists);
    const may = {
      judge: !locked && decision === 'allowed',
      resolve: !locked && isAssignee(userId, access, revision.assigneeId),
    };
    return { marks, ghosts, may, locked };
  }

  return {
    /**
     * Members see every mark of a page of their project: of all its revisions, or of one with the
     * ghosts over it and what the caller may do there.
     */
    async list(
      userId: number,
      input: { projectId: number; pageId: number; revisionId?: number | undefined },
    ): Promise<MarkList> {
      const found = await pageFor(userId, input.projectId, input.pageId, input.revisionId);
      if (input.revisionId !== undefined) return revisionThread(userId, input.revisionId, found);
      const marks = await thread({ pageId: found.page.id });
      return {
        marks,
        ghosts: { rows: [], replies: [] },
        may: { judge: false, resolve: false },
        locked: isLocked(found.access.chapter),
      };
    },

    async add(user: { id: number; nickname: string }, input: AddInput): Promise<MarkThread> {
      const userId = user.id;
      const found = await pageFor(userId, input.projectId, input.pageId, input.revisionId);
      const { access, page } = found;
      const revision = revisionOf(found);
      requireReviewer(userId, { access, assigneeId: revision.assigneeId, mainArtists: found.mainArtists });
      const { width, height } = revision.upload;
      // The size comes with the renditions; the viewer draws only once they are made.
      if (width === null || height === null) throw conflict('markPageNotReady');
      if (!markWithin(input.shape, width, height)) throw badInput('markOutsideImage');
      const at: MarkedPage = { projectId: input.projectId, chapterId: page.chapterId, pageId: page.id };
      // The page's assignee hears of it: the step's, or on the storyboard who uploaded the page.
      const told = markNotice(NoticeKind.MARK_ADDED, revision.assigneeId ?? page.uploadedBy, userId, at, {
        project: access.title,
        chapter: access.chapter.title,
        page: page.num,
      });
      const { mark, stored } = await db.transaction(async (tx) => {
        // The page's row lock: two marks drawn at once get numbers one after the other, and
        // the page's limits are counted with nothing added meanwhile.
        await lockPageForChange(tx, input.projectId, page.id, 'update');
        const { n, top, chars } = await repo.pageMarkTally(tx, page.id);
        if (n >= LIMITS.marksPerPageMax) throw conflict('marksFull');
        requireThreadRoom(chars, input.comment);
        const mark = await repo.insertMark(tx, {
          pageId: page.id,
          uploadId: input.revisionId,
          stepId: revision.stepId,
          num: top + 1,
          shape: input.shape,
          color: input.color,
          comment: input.comment,
          authorId: userId,
        });
        return { mark, stored: await storeMarkNotices(deps, tx, page.id, told, userId) };
      });
      await announceMarks(deps, at, stored);
      // A new mark is as stored, by its author, moved by nobody, with no replies yet.
      return { rows: [{ mark, author: user.nickname, changer: null }], replies: [] };
    },

    /**
     * The thread is the assignee's and the reviewers'. The limits are counted and the reply
     * stored under the page's row lock: replies sent at once never pass them.
     */
    async reply(userId: number, input: { projectId: number; markId: number; content: string }) {
      const found = await markFor(userId, input.projectId, input.markId);
      const { access, assigneeId, mark } = found;
      if (!isAssignee(userId, access, assigneeId)) requireReviewer(userId, found);
      await db.transaction(async (tx) => {
        await lockPageForChange(tx, input.projectId, mark.pageId, 'update');
        const replies = await repo.lockMarkReplies(tx, mark.id);
        if (replies === undefined) throw notFound();
        if (replies >= LIMITS.markRepliesMax) throw conflict('markRepliesFull');
        requireThreadRoom((await repo.pageMarkTally(tx, mark.pageId)).chars, input.content);
        await repo.insertReply(tx, mark.id, userId, input.content);
      });
      await announceMarks(deps, markedPage(access, mark));
      return thread({ markId: input.markId });
    },

    /**
     * Moves the mark from the state the caller saw, in one conditional update: of two racing
     * changes one wins, the other is told the mark changed meanwhile and changes nothing.
     */
    async move(
      userId: number,
      move: MarkMove,
      input: { projectId: number; markId: number; state: MarkState },
    ) {
      const found = await markFor(userId, input.projectId, input.markId);
      const { access, assigneeId, mark, pageNum } = found;
      const rule = MOVES[move];
      if (rule.by === 'reviewer') requireReviewer(userId, found);
      else if (!isAssignee(userId, access, assigneeId)) throw forbidden('notYourStep');
      const seen = input.state;
      // A screen showing another state is out of date; one showing this state asks the impossible.
      if (mark.state !== seen) throw conflict('markStateChanged');
      if (!(rule.from as readonly MarkState[]).includes(seen)) throw conflict();
      const at = markedPage(access, mark);
      // A resolved mark waits for its author's confirmation: they are told.
      const told =
        move === 'resolve'
          ? markNotice(NoticeKind.MARK_RESOLVED, mark.authorId, userId, at, {
              project: access.title,
              chapter: access.chapter.title,
              page: pageNum,
            })
          : [];
      const stored = await db.transaction(async (tx) => {
        await lockPageForChange(tx, input.projectId, mark.pageId, 'share');
        const moved = await repo.moveMark(tx, mark.id, seen, rule.to, userId);
        if (!moved) throw conflict('markStateChanged');
        return storeMarkNotices(deps, tx, mark.pageId, told, userId);
      });
      await announceMarks(deps, at, stored);
      return thread({ markId: mark.id });
    },

    /** The author takes back a mark while it is open; the state check and the delete are one statement. */
    async remove(userId: number, input: { projectId: number; markId: number }): Promise<void> {
      const { access, mark } = await markFor(userId, input.projectId, input.markId);
      if (mark.authorId !== userId) throw forbidden();
      await db.transaction(async (tx) => {
        await lockPageForChange(tx, input.projectId, mark.pageId, 'share');
        if (!(await repo.deleteOpenMark(tx, mark.id, userId))) throw conflict('markStateChanged');
      });
      await announceMarks(deps, markedPage(access, mark));
    },
  };
}
