import { MemberKind, ProjectStatus, RecruitKind, RecruitStatus } from '@koma/shared';
import { and, asc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsPattern } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { recruitmentPositions, recruitments } from '../recruitment/recruitment.table.js';
import { chapters } from './chapters.table.js';

export type ChapterRow = typeof chapters.$inferSelect;

export async function insertChapter(db: Executor, chapter: typeof chapters.$inferInsert): Promise<number> {
  const [row] = await db.insert(chapters).values(chapter).returning({ id: chapters.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function chaptersOf(db: Executor, projectId: number): Promise<ChapterRow[]> {
  return db.select().from(chapters).where(eq(chapters.projectId, projectId)).orderBy(asc(chapters.id));
}

export async function findChapter(
  db: Executor,
  projectId: number,
  chapterId: number,
): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), eq(chapters.projectId, projectId)))
    .limit(1);
  return row;
}

/** Main artists of a project (members holding position 2). */
export async function mainArtistIds(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.kind, MemberKind.MEMBER),
        eq(projectMembers.positionId, 2),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Chapters of ongoing projects of others with an ongoing chapter-level recruitment. */
export async function recruitingChapters(
  db: Executor,
  userId: number,
  f: { keywords: string; kind: number | null },
) {
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      icon: projects.icon,
      kind: projects.kind,
      genres: projects.genres,
      creativecap: projects.creativecap,
      nick: users.nickname,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      page: chapters.pageCount,
      scriptAt: chapters.scriptAt,
      checkAt: chapters.checkAt,
      positionId: recruitmentPositions.positionId,
    })
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .innerJoin(
      recruitments,
      and(
        eq(recruitments.chapterId, chapters.id),
        eq(recruitments.status, RecruitStatus.ONGOING),
        eq(recruitments.kind, RecruitKind.CHAPTER),
      ),
    )
    .innerJoin(recruitmentPositions, eq(recruitmentPositions.recruitmentId, recruitments.id))
    .where(
      and(
        eq(projects.status, ProjectStatus.ONGOING),
        ne(projects.userId, userId),
        f.kind ? eq(projects.kind, f.kind) : undefined,
        f.keywords
          ? or(
              ilike(projects.title, containsPattern(f.keywords)),
              ilike(chapters.title, containsPattern(f.keywords)),
            )
          : undefined,
      ),
    );
  const byChapter = new Map<number, (typeof rows)[number] & { recruiting: number[] }>();
  for (const r of rows) {
    const entry = byChapter.get(r.chapterId) ?? { ...r, recruiting: [] };
    entry.recruiting.push(r.positionId);
    byChapter.set(r.chapterId, entry);
  }
  return [...byChapter.values()];
}
