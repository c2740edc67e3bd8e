import { EDITORIAL_SEATS, MemberKind, ProjectStatus } from '@koma/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { chapters } from './chapters.table.js';

/**
 * The chapter to-do items (docs/states.md): each type is a condition over a chapter and its
 * project for one reader; one item per chapter, only in ongoing projects.
 */
const m = alias(projectMembers, 'm');

export const isFounderOf = (userId: number) => eq(projects.userId, userId);

/** The reader has a membership of the chapter's project matching `cond` (on alias `m`). */
export const holdsInProject = (userId: number, cond: (member: typeof m) => SQL) =>
  sql`exists (select 1 from ${projectMembers} as ${sql.identifier('m')}
    where ${m.projectId} = ${projects.id} and ${m.userId} = ${userId} and ${cond(m)})`;

/**
 * The chapter is in a project the reader founded or holds a membership matching `cond` in: the
 * same as `isFounderOf(u) or holdsInProject(u, cond)`, written as a short list of project ids from
 * two indexed lookups, so the planner starts from the reader's few projects instead of testing
 * every chapter in the status.
 */
export const inProjectsFoundedOrHeld = (userId: number, cond: (member: typeof m) => SQL) =>
  sql`${chapters.projectId} in (select ${projects.id} from ${projects} where ${projects.userId} = ${userId}
    union select ${m.projectId} from ${projectMembers} as ${sql.identifier('m')}
    where ${m.userId} = ${userId} and ${cond(m)})`;

/** The editorial desk (`Who.EDITORIAL_DESK`): the editor in charge, 副担当 and 編集長. */
const DESK_KINDS = [MemberKind.EDITOR, ...EDITORIAL_SEATS];
/** Who passes 校了 (`Who.SIGN_OFF`): the editor in charge and 編集長. */
const SIGN_OFF_KINDS = [MemberKind.EDITOR, MemberKind.CHIEF];

/**
 * The reader sits at the chapter's editorial desk, so the storyboard review is theirs to do as the
 * editor in charge's (docs/access.md, "Editorial seats").
 */
export const sitsAtEditorialDesk = (userId: number) =>
  holdsInProject(userId, (member) => inArray(member.kind, DESK_KINDS));

/** The reader may pass the chapter's 校了, so the final audit waits for them too. */
export const maySignOffChapter = (userId: number) =>
  holdsInProject(userId, (member) => inArray(member.kind, SIGN_OFF_KINDS));

/** What a chapter's to-do row shows (joined with its project and founder); page to-dos add their page. */
export const chapterTodoColumns = {
  projectId: projects.id,
  projectTitle: projects.title,
  chapterId: chapters.id,
  chapterTitle: chapters.title,
  scriptAt: chapters.scriptAt,
  checkAt: chapters.checkAt,
  founderId: users.id,
  founderNick: users.nickname,
};

const where = (condition: SQL | undefined) => and(eq(projects.status, ProjectStatus.ONGOING), condition);

export async function countChapterTodos(db: Executor, condition: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(where(condition));
  return row?.n ?? 0;
}

/** The chapters of one to-do type, the nearest `by` deadline first. */
export async function chapterTodos(
  db: Executor,
  condition: SQL | undefined,
  by: 'scriptAt' | 'checkAt',
  limit: number,
  offset: number,
) {
  return db
    .select(chapterTodoColumns)
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(where(condition))
    .orderBy(asc(chapters[by]), asc(chapters.id))
    .limit(limit)
    .offset(offset);
}
