import { and, type Column, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectMembers } from '../projects/projects.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';

/**
 * The member row `m` (an alias of project_members) works on the chapter: it holds a project-wide
 * place (founder, editor, a position for every chapter), the chapter's own position, or a step
 * of that chapter. A member recruited for another chapter only does not (docs/notices.md, "Who
 * hears it").
 */
function worksOn(member: { userId: Column; chapterId: Column }, chapterId: Column | number): SQL {
  return or(
    isNull(member.chapterId),
    eq(member.chapterId, chapterId),
    sql`exists (select 1 from ${workflowSteps} where ${workflowSteps.ownerUserId} = ${member.userId}
      and ${workflowSteps.chapterId} = ${chapterId})`,
  ) as SQL;
}

/** The user is a member of the chapter's project who works on that chapter (see `worksOn`). */
export function worksOnChapter(userId: number, projectId: Column, chapterId: Column): SQL {
  return sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projectId}
    and ${projectMembers.userId} = ${userId} and ${worksOn(projectMembers, chapterId)})`;
}

/** Everyone who works on the chapter (see `worksOn`): the readers of news about that chapter. */
export async function chapterTeamIds(db: Executor, projectId: number, chapterId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), worksOn(projectMembers, chapterId)));
  return rows.map((r) => r.userId);
}
