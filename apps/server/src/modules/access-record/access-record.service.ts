import { AccessKind, VIEW_KINDS } from '@koma/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { perDatabase } from '../../lib/per-database.js';
import {
  chapterTitleOf,
  insertDownload,
  pageById,
  pageOfFile,
  projectsHoldingFile,
  upsertLook,
} from './access-record.repository.js';
import { networkHash } from './network-hash.js';

/** Who looked or downloaded: a member, or a guest of a review link with the name they gave. */
export type AccessActor = { userId: number } | { reviewLinkId: number; guestName: string };

/** What any module reports to the record (docs/access.md, "The access record"). */
export interface AccessEntry {
  projectId: number;
  kind: AccessKind;
  actor: AccessActor;
  /** The client's address as the request saw it; only its hash is kept. */
  ip: string;
  /** The page file looked at or downloaded: its chapter and page are found from it. */
  file?: { key: string; uploadId?: number | null } | undefined;
  /** A download of a whole chapter (zip, delivery, correction sheet); its title is read. */
  chapterId?: number | undefined;
  /** A download of one page (a correction sheet of a page); its chapter and number are read. */
  pageId?: number | undefined;
  pageNum?: number | null | undefined;
  /** The watermark code the pictures carried. */
  code?: string | undefined;
}

const actorKey = (actor: AccessActor) =>
  'userId' in actor ? `u${actor.userId}` : `g${actor.reviewLinkId}:${actor.guestName}`;

const hourOf = (at: Date) => at.toISOString().slice(0, 13);

type Place = { chapterId: number | null; chapterTitle: string; pageNum: number | null };
const NOWHERE: Place = { chapterId: null, chapterTitle: '', pageNum: null };

async function placeOf(db: Db, entry: AccessEntry): Promise<Place> {
  if (entry.pageId) return (await pageById(db, entry.projectId, entry.pageId)) ?? NOWHERE;
  if (entry.chapterId) {
    const title = await chapterTitleOf(db, entry.projectId, entry.chapterId);
    return title === null ? NOWHERE : { chapterId: entry.chapterId, chapterTitle: title, pageNum: null };
  }
  if (!entry.file) return NOWHERE;
  return (await placesOf(db).fetch(`${entry.projectId}|${entry.file.key}`)) ?? NOWHERE;
}

/**
 * Where a file is shown, kept a minute: a viewer's tiles of a page all ask for the same one
 * (bench/README.md, "Watermarks"). A moved page reads right again within the minute.
 */
const placesOf = perDatabase(
  (db: Db) =>
    new LRUCache<string, Place>({
      max: 10_000,
      ttl: 60_000,
      fetchMethod: async (at) => {
        const [project, ...key] = at.split('|');
        return (await pageOfFile(db, Number(project), key.join('|'))) ?? NOWHERE;
      },
    }),
);

/**
 * Records a look or a download. Looks are one row per actor, file, kind and hour, counted, so a
 * viewer's tiles of a page make one row an hour; each download is a row of its own.
 */
export async function recordAccess(deps: Pick<Deps, 'db'>, entry: AccessEntry, now = new Date()) {
  const { db } = deps;
  const [place, network] = await Promise.all([placeOf(db, entry), networkHash(db, entry.ip)]);
  const actor = entry.actor;
  const row = {
    projectId: entry.projectId,
    ...place,
    uploadId: entry.file?.uploadId ?? null,
    kind: entry.kind,
    userId: 'userId' in actor ? actor.userId : null,
    reviewLinkId: 'reviewLinkId' in actor ? actor.reviewLinkId : null,
    guestName: 'guestName' in actor ? actor.guestName : null,
    code: entry.code ?? '',
    network,
    firstAt: now,
    lastAt: now,
  };
  if (!VIEW_KINDS.includes(entry.kind)) return insertDownload(db, row);
  const subject = entry.file?.key ?? `${place.chapterId}:${place.pageNum}`;
  const dedupe = `${entry.projectId}|${entry.kind}|${actorKey(actor)}|${subject}|${hourOf(now)}`;
  return upsertLook(db, { ...row, dedupe });
}

/** An original downloaded through a link made for its reader: recorded in each project that shows the file. */
export async function recordOriginalDownload(
  deps: Pick<Deps, 'db'>,
  key: string,
  userId: number,
  ip: string,
) {
  for (const projectId of await projectsHoldingFile(deps.db, key)) {
    await recordAccess(deps, { projectId, kind: AccessKind.ORIGINAL, actor: { userId }, ip, file: { key } });
  }
}
