import { AuditStatus, MAIN_ARTIST_POSITION, MemberKind, ProjectStatus, RecruitKind } from '@koma/shared';
import { and, asc, eq, inArray, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { recruitments } from '../recruitment/recruitment.table.js';
import { ongoingOn, openPositionIds } from '../recruitment/recruitment-state.js';
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

/**
 * Every call on a chapter reads its row first (chapter-policy.ts): built and planned once, where
 * PostgreSQL spent 1.2–9.9 ms planning the 0.3 ms it ran (bench/README.md, "Reads back within budget").
 */
const chapterOfProject = preparedPerDatabase((db) =>
  db
    .select()
    .from(chapters)
    .where(
      and(
        eq(chapters.id, sql.placeholder('chapterId')),
        eq(chapters.projectId, sql.placeholder('projectId')),
      ),
    )
    .limit(1)
    .prepare('chapter_of_project'),
);

export async function findChapter(
  db: Executor,
  projectId: number,
  chapterId: number,
): Promise<ChapterRow | undefined> {
  const [row] = await chapterOfProject(db).execute({ projectId, chapterId });
  return row;
}

/** Main artists of a project (members holding position 2). */
/** A member row of the project's main artists (position 2): who approve page work with the founder. */
const isMainArtistOf = (projectId: number | Placeholder) =>
  and(
    eq(projectMembers.projectId, projectId),
    eq(projectMembers.kind, MemberKind.MEMBER),
    eq(projectMembers.positionId, MAIN_ARTIST_POSITION),
  );

// The work list asks on every request (work-list.repository.ts): built and planned once. Two
// indexed reads joined by UNION ALL: one join on "founder or main artist" read all the users
// (the work list at a tenth of its speed, bench/README.md, "Comparisons").
const projectApproversQuery = preparedPerDatabase((db) => {
  const projectId = sql.placeholder('projectId');
  const founder = db
    .select({ id: users.id, nickname: users.nickname, founder: sql<boolean>`true` })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId));
  const mainArtists = db
    .select({ id: users.id, nickname: users.nickname, founder: sql<boolean>`false` })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(isMainArtistOf(projectId));
  return founder.unionAll(mainArtists).prepare('project_approvers');
});

/**
 * Who approves page work in the project (step-approval.policy.ts), with their nicknames: the
 * founder and the members holding position 2, read at once for the screens that name them.
 */
export async function projectApprovers(db: Executor, projectId: number) {
  const rows = await projectApproversQuery(db).execute({ projectId });
  return {
    facts: {
      founderId: rows.find((r) => r.founder)?.id ?? 0,
      mainArtistIds: rows.filter((r) => !r.founder).map((r) => r.id),
    },
    nicknames: new Map(rows.map((r) => [r.id, r.nickname])),
  };
}
export type ProjectApprovers = Awaited<ReturnType<typeof projectApprovers>>;

export async function mainArtistIds(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(isMainArtistOf(projectId));
  return rows.map((r) => r.userId);
}

/**
 * Every chapter of an ongoing project with an ongoing chapter-level recruitment that has a
 * position open, and the open positions (what it recruits).
 */
export async function recruitingChapters(db: Executor, today: string) {
  const rows = await db
    .select({
      id: projects.id,
      founderId: projects.userId,
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
      recruiting: openPositionIds,
    })
    .from(recruitments)
    .innerJoin(chapters, eq(chapters.id, recruitments.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(
        ongoingOn(today),
        eq(recruitments.kind, RecruitKind.CHAPTER),
        eq(projects.status, ProjectStatus.ONGOING),
      ),
    );
  return rows.filter((r) => r.recruiting.length > 0);
}

/**
 * The chapter, locked until the transaction ends, when its status is one of `statuses`; undefined
 * otherwise. `update` serialises the page edits of a chapter with each other and with its status
 * changes; `share` keeps the status while one page is reviewed.
 */
export async function lockChapterInStatus(
  db: Executor,
  chapterId: number,
  statuses: readonly number[],
  mode: 'share' | 'update',
): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), inArray(chapters.status, [...statuses])))
    .for(mode);
  return row;
}

/**
 * Moves a chapter from one of the `from` statuses to `to` (with other fields), in one conditional
 * UPDATE: undefined when another request moved it first.
 */
export async function moveChapterStatus(
  db: Executor,
  chapterId: number,
  from: readonly number[],
  to: number,
  fields: Partial<Pick<typeof chapters.$inferInsert, 'nameRemark'>> = {},
): Promise<ChapterRow | undefined> {
  const [row] = await db
    .update(chapters)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(and(eq(chapters.id, chapterId), inArray(chapters.status, [...from])))
    .returning();
  return row;
}

/** Edits a chapter's information unless its final audit has passed; false when it has (or it is gone). */
export async function updateChapterInfo(
  db: Executor,
  projectId: number,
  chapterId: number,
  fields: Pick<typeof chapters.$inferInsert, 'title' | 'icon' | 'scriptAt' | 'checkAt'>,
): Promise<boolean> {
  const rows = await db
    .update(chapters)
    .set({ ...fields, updatedAt: new Date() })
    .where(
      and(
        eq(chapters.id, chapterId),
        eq(chapters.projectId, projectId),
        or(isNull(chapters.auditStatus), ne(chapters.auditStatus, AuditStatus.PASSED)),
      ),
    )
    .returning({ id: chapters.id });
  return rows.length > 0;
}

/** Keeps the chapter's page count equal to its draft pages after one is added or deleted. */
export async function setPageCount(db: Executor, chapterId: number, pageCount: number): Promise<void> {
  await db.update(chapters).set({ pageCount, updatedAt: new Date() }).where(eq(chapters.id, chapterId));
}
