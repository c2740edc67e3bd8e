import {
  type AccessKind,
  type AccessRecordRow,
  type AccessRecordsData,
  LIMITS,
  type WatermarkCodeData,
} from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { lookupCode } from '../watermarks/watermarked-renditions.js';
import * as repo from './access-record.repository.js';

type Filter = Omit<repo.RecordFilter, 'projectId'>;
type Listed = Awaited<ReturnType<typeof repo.recordsOf>>[number];

function rowOf({ row, nick }: Listed): AccessRecordRow {
  return {
    id: row.id,
    kind: row.kind as AccessKind,
    userId: row.userId,
    nick: nick ?? '',
    reviewLinkId: row.reviewLinkId,
    guestName: row.guestName,
    chapterId: row.chapterId,
    chapterTitle: row.chapterTitle,
    pageNum: row.pageNum,
    code: row.code,
    network: row.network,
    firstAt: row.firstAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
    count: row.count,
  };
}

const CSV_HEADER = [
  'last_at',
  'first_at',
  'count',
  'kind',
  'user_id',
  'nick',
  'review_link_id',
  'guest_name',
  'chapter',
  'page',
  'code',
  'network',
];

/** A CSV field: quoted, quotes doubled, and a leading =, +, - or @ defused so no spreadsheet runs it as a formula. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(r: AccessRecordRow): string {
  return [
    r.lastAt,
    r.firstAt,
    r.count,
    r.kind,
    r.userId,
    r.nick,
    r.reviewLinkId,
    r.guestName,
    r.chapterTitle,
    r.pageNum,
    r.code,
    r.network,
  ]
    .map(csvField)
    .join(',');
}

/** The record's screens (docs/access.md, "The access record"): the founder and the editorial seats. */
export function createAccessRecordListService(deps: Deps) {
  const { db } = deps;
  return {
    async list(
      access: ProjectAccess,
      filter: Filter,
      page: number,
      pageSize: number,
    ): Promise<AccessRecordsData> {
      const f = { ...filter, projectId: access.projectId };
      const [rows, total, facets] = await Promise.all([
        repo.recordsOf(db, f, pageSize, (page - 1) * pageSize),
        repo.countRecords(db, f),
        repo.recordFacets(db, access.projectId),
      ]);
      return { list: rows.map(rowOf), total, ...facets, keptDays: LIMITS.accessRecordDays };
    },

    async csv(access: ProjectAccess, filter: Filter) {
      const rows = await repo.recordsOf(
        db,
        { ...filter, projectId: access.projectId },
        LIMITS.accessRecordCsvMax,
        0,
      );
      const lines = [CSV_HEADER.join(','), ...rows.map(rowOf).map(csvLine)];
      return { filename: `access-record-${access.projectId}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
    },

    /** A code read off a picture: whom it was served to, and what; only codes of this project. */
    async code(access: ProjectAccess, code: string): Promise<WatermarkCodeData> {
      const found = await lookupCode(db, code);
      if (!found || found.projectId !== access.projectId) {
        return { found: false, userId: null, nick: '', day: '', served: [] };
      }
      const rows = await repo.recordsOf(
        db,
        { projectId: access.projectId, code },
        LIMITS.accessRecordPageSize,
        0,
      );
      return { found: true, userId: found.userId, nick: found.name, day: found.day, served: rows.map(rowOf) };
    },
  };
}

/** The hourly purge: rows older than LIMITS.accessRecordDays go. */
export function purgeAccessRecords(db: Deps['db'], now = new Date()): Promise<number> {
  return repo.purgeRecordsBefore(db, new Date(now.getTime() - LIMITS.accessRecordDays * 86_400_000));
}
