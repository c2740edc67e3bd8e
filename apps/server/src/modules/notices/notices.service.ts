import {
  type Language,
  LIMITS,
  LiveEvent,
  type NoticeKind,
  type NoticeListData,
  type NoticeTarget,
  NoticeTargetKind,
  noticeText,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { tooManyRequests } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import * as repo from './notices.repository.js';
import * as slots from './stream-slots.repository.js';

/**
 * How long a stream's slot is held without being renewed: the stream renews it at each heartbeat
 * (25 s), so a live one never loses it, and a crashed instance's slots are free after a minute.
 */
export const STREAM_LEASE_MS = 60_000;

/** A notice to store inside the caller's transaction and push once it has committed. */
export interface PendingNotice {
  userId: number;
  kind: NoticeKind;
  params: Record<string, string | number>;
  /** What the notice is about: the bell opens it (docs/notices.md). */
  target: NoticeTarget;
}

const NO_IDS = { project_id: null, chapter_id: null, page_id: null, user_id: null };

/** The targets notices carry, one builder per NoticeTargetKind, so each gets exactly its ids. */
export const noticeTarget = {
  project: (projectId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.PROJECT,
    project_id: projectId,
  }),
  applicants: (projectId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.APPLICANTS,
    project_id: projectId,
  }),
  board: (projectId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.BOARD,
    project_id: projectId,
  }),
  storyboard: (projectId: number, chapterId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.STORYBOARD,
    project_id: projectId,
    chapter_id: chapterId,
  }),
  chapter: (projectId: number, chapterId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.CHAPTER,
    project_id: projectId,
    chapter_id: chapterId,
  }),
  page: (projectId: number, chapterId: number, pageId: number): NoticeTarget => ({
    kind: NoticeTargetKind.PAGE,
    project_id: projectId,
    chapter_id: chapterId,
    page_id: pageId,
    user_id: null,
  }),
  person: (userId: number): NoticeTarget => ({ ...NO_IDS, kind: NoticeTargetKind.PERSON, user_id: userId }),
};

/** A stored row's target; null for notices stored before targets (or of an unknown kind). */
function targetOf(row: {
  targetKind: string | null;
  targetProjectId: number | null;
  targetChapterId: number | null;
  targetPageId: number | null;
  targetUserId: number | null;
}): NoticeTarget | null {
  const kind = Object.values(NoticeTargetKind).find((k) => k === row.targetKind);
  if (!kind) return null;
  return {
    kind,
    project_id: row.targetProjectId,
    chapter_id: row.targetChapterId,
    page_id: row.targetPageId,
    user_id: row.targetUserId,
  };
}

/** Stores notices inside the caller's transaction; call `pushNotices` after the commit. */
export async function storeNotices(tx: Executor, pending: PendingNotice[]): Promise<void> {
  for (const n of pending) await repo.insertNotice(tx, n.userId, n.kind, n.params, n.target);
}

/** Tells the readers' open pages, after the commit, so nobody is told of a change that rolled back. */
export function pushNotices({ live }: Pick<Deps, 'live'>, pending: PendingNotice[]): void {
  for (const userId of new Set(pending.map((n) => n.userId)))
    live.publish(userId, { event: LiveEvent.NOTICE });
}

export function createNoticesService({ db }: Deps) {
  return {
    async list(userId: number, page: number, pageSize: number, lang: Language): Promise<NoticeListData> {
      const rows = await repo.listNotices(db, userId, pageSize, (page - 1) * pageSize);
      const { total, unread } = await repo.countNotices(db, userId);
      return {
        notices: rows.map((r) => ({
          id: r.id,
          message: noticeText(r.kind, r.params, lang),
          create_time: r.createdAt.toISOString(),
          is_unread: r.readAt === null,
          target: targetOf(r),
        })),
        total,
        unread,
      };
    },

    async markRead(userId: number): Promise<void> {
      await repo.markAllRead(db, userId, new Date());
    },

    /**
     * A slot for one more live stream of the user, counted across every instance; 429
     * `liveStreamsFull` when all of them are taken (docs/access.md).
     */
    async openStream(userId: number): Promise<number> {
      const max = LIMITS.liveStreamsPerAccount;
      const slot = await db.transaction((tx) => slots.takeSlot(tx, userId, max, STREAM_LEASE_MS));
      if (slot === null) throw tooManyRequests('liveStreamsFull');
      return slot;
    },

    /** False when the slot's lease had already ended: the stream must end too. */
    renewStream(slot: number): Promise<boolean> {
      return slots.renewSlot(db, slot, STREAM_LEASE_MS);
    },

    closeStream(slot: number): Promise<void> {
      return slots.releaseSlot(db, slot);
    },
  };
}
