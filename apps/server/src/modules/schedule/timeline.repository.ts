import { ChapterStatus, EDITORIAL_SEATS, LIMITS, MemberKind } from '@koma/shared';
import { and, asc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { chapters } from '../chapters/chapters.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';

/** The member kinds of the editorial desk. */
const EDITORIAL_DESK_KINDS = [MemberKind.EDITOR, ...EDITORIAL_SEATS];

/**
 * The projects a user edits (docs/schedule.md, "The editor's timeline"): those where she sits at
 * the editorial desk, as the editor in charge, 副担当 or 編集長 (docs/access.md, "Editorial seats").
 * The one place this rule lives. `userId` is a value or a placeholder of a prepared statement.
 */
export function projectsEditedBy(db: Executor, userId: number | ReturnType<typeof sql.placeholder>) {
  return db
    .selectDistinct({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), inArray(projectMembers.kind, EDITORIAL_DESK_KINDS)));
}

/**
 * Every chapter of the projects the user edits that is not finished, or finished on or after
 * `since` (its check deadline), with what a forecast needs: one statement, prepared, whatever the
 * number of projects (bench/README.md, "The editor's timeline").
 */
export async function timelineChaptersOf(db: Executor, userId: number, since: string) {
  return timelineChapters(db).execute({ userId, since });
}

const timelineChapters = preparedPerDatabase((db) =>
  db
    .select({
      id: chapters.id,
      projectId: chapters.projectId,
      project: projects.title,
      title: chapters.title,
      status: chapters.status,
      auditStatus: chapters.auditStatus,
      createdAt: chapters.createdAt,
      scriptAt: chapters.scriptAt,
      checkAt: chapters.checkAt,
      dueBufferDays: chapters.dueBufferDays,
    })
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(
      and(
        inArray(chapters.projectId, projectsEditedBy(db, sql.placeholder('userId'))),
        or(ne(chapters.status, ChapterStatus.FINISHED), gte(chapters.checkAt, sql.placeholder('since'))),
      ),
    )
    .orderBy(asc(chapters.checkAt), asc(chapters.id))
    .limit(LIMITS.timelineChaptersMax)
    .prepare('timeline_chapters_of_editor'),
);
