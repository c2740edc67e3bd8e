import {
  type Language,
  LIMITS,
  LiveEvent,
  MailMode,
  mailModeOf,
  type NoticeKind,
  type NoticeListData,
  type NoticeTarget,
  NoticeTargetKind,
  noticeText,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { tooManyRequests } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import * as mailRepo from './notice-mail.repository.js';
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
  editorialThread: (projectId: number, chapterId: number): NoticeTarget => ({
    ...NO_IDS,
    kind: NoticeTargetKind.EDITORIAL_THREAD,
    project_id: projectId,
    chapter_id: chapterId,
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
  invitations: (): NoticeTarget => ({ ...NO_IDS, kind: NoticeTargetKind.INVITATIONS }),
};

/** A stored row's target; null for notices stored before targets (or of an unknown kind). */
export function targetOf(row: {
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

/**
 * Stores notices inside the caller's transaction, each with its reader's mail mode for its kind,
 * and the mail job of each one mailed at once: a notice that rolls back sends nothing, and the
 * request never waits for SMTP (docs/notices.md, "By mail"). Call `pushNotices` after the commit.
 * `by` is who acted: the notices name them (their nickname as `nickname`, unless a notice names
 * someone else there), as 「桜井さんが…を承認しました」 (docs/notices.md, "Who did it").
 */
export async function storeNotices(
  { jobs }: Pick<Deps, 'jobs'>,
  tx: Executor,
  pending: PendingNotice[],
  by?: number,
): Promise<void> {
  if (pending.length === 0) return;
  const nickname = by === undefined ? undefined : await repo.nicknameOf(tx, by);
  const own = await mailRepo.ownModesOf(tx, [...new Set(pending.map((n) => n.userId))]);
  const stored = await repo.insertNotices(
    tx,
    pending.map((n) => {
      const params = nickname === undefined ? n.params : { nickname, ...n.params };
      const mode = mailModeOf(n.kind, own.get(n.userId));
      return { ...n, params, mailMode: mode === MailMode.OFF ? null : mode };
    }),
  );
  const now = stored.filter((n) => n.mailMode === MailMode.NOW).map((n) => ({ noticeId: n.id }));
  if (now.length > 0) await jobs.send('notice-mail', now, { tx });
}

/**
 * Tells the readers' open pages, after the commit, so nobody is told of a change that rolled back;
 * and has this instance take the mails stored with them at once.
 */
export function pushNotices({ live, jobs }: Pick<Deps, 'live' | 'jobs'>, pending: PendingNotice[]): void {
  live.publish(
    pending.map((n) => n.userId),
    { event: LiveEvent.NOTICE },
  );
  if (pending.length > 0) jobs.wake('notice-mail');
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
