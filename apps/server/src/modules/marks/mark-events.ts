import { type NoticeKind as Kind, LiveEvent, type NoticeKind } from '@koma/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { notices } from '../notices/notices.table.js';
import { memberIds } from '../projects/projects.policy.js';

/** The page a mark change happened on: what the live MARKS event carries. */
export interface MarkedPage {
  projectId: number;
  chapterId: number;
  pageId: number;
}

/** Names the page in a notice's text: project, chapter and page number. */
export interface MarkNoticeWords {
  project: string;
  chapter: string;
  page: number;
}

/**
 * A notice of a mark (docs/marks.md, "Notices and to-dos") to `reader`, unless the reader made the
 * change or there is no one to tell. It leads to the page's steps, as the page's work notices do.
 */
export function markNotice(
  kind: typeof NoticeKind.MARK_ADDED | typeof NoticeKind.MARK_RESOLVED,
  reader: number | null,
  by: number,
  at: MarkedPage,
  words: MarkNoticeWords,
): PendingNotice[] {
  if (reader === null || reader === by) return [];
  return [
    {
      userId: reader,
      kind,
      params: { ...words },
      target: noticeTarget.page(at.projectId, at.chapterId, at.pageId),
    },
  ];
}

/** The readers among `userIds` who have an unread notice of `kind` about this page already. */
async function alreadyTold(tx: Executor, kind: Kind, pageId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await tx
    .select({ userId: notices.userId })
    .from(notices)
    .where(
      and(
        inArray(notices.userId, userIds),
        eq(notices.kind, kind),
        eq(notices.targetPageId, pageId),
        isNull(notices.readAt),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * Stores the mark notices inside the caller's transaction, one unread notice a reader, kind and
 * page: a reviewer drawing ten marks in a minute leaves one notice (and one digest line), not ten.
 * They name `by`, who drew or resolved. Returns the notices stored, to push after the commit.
 */
export async function storeMarkNotices(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  pageId: number,
  pending: PendingNotice[],
  by: number,
): Promise<PendingNotice[]> {
  const fresh: PendingNotice[] = [];
  for (const kind of new Set(pending.map((n) => n.kind))) {
    const ofKind = pending.filter((n) => n.kind === kind);
    const told = await alreadyTold(
      tx,
      kind,
      pageId,
      ofKind.map((n) => n.userId),
    );
    fresh.push(...ofKind.filter((n) => !told.has(n.userId)));
  }
  await storeNotices(deps, tx, fresh, by);
  return fresh;
}

/**
 * After a mark change has committed: pushes its notices and tells every member's open screens of
 * the page (LiveEvent.MARKS, across instances through the live bus) to reload its marks.
 */
export async function announceMarks(
  deps: Pick<Deps, 'db' | 'live' | 'jobs'>,
  at: MarkedPage,
  stored: PendingNotice[] = [],
): Promise<void> {
  pushNotices(deps, stored);
  const data = { projectId: at.projectId, chapterId: at.chapterId, pageId: at.pageId };
  deps.live.publish(await memberIds(deps.db, at.projectId), { event: LiveEvent.MARKS, data });
}
