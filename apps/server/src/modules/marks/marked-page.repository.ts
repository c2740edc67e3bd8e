import { MAIN_ARTIST_POSITION, MemberKind, StepEventKind } from '@koma/shared';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { chapters } from '../chapters/chapters.table.js';
import { isStoryboardRevision } from '../pages/page-revisions.repository.js';
import { chapterPages } from '../pages/pages.table.js';
import { projectMembers } from '../projects/projects.table.js';
import { pageRenditions } from '../renditions/renditions.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { stepEvents, workflowSteps } from '../workflow/workflow.table.js';

/** The project's main artists, who judge steps (marks.policy.ts), as a column of a query on its chapter. */
export const mainArtistsColumn = sql<number[]>`array(
  select distinct ${projectMembers.userId} from ${projectMembers}
  where ${projectMembers.projectId} = ${chapters.projectId}
    and ${projectMembers.kind} = ${MemberKind.MEMBER}
    and ${projectMembers.positionId} = ${MAIN_ARTIST_POSITION})`;

/** The commits (revisions handed in) to the steps of a page, each with its step, as a subquery. */
export const pageCommits = (db: Executor, pageId: number | AnyColumn) =>
  db
    .select({
      // Both tables have an id: the subquery names its columns apart.
      stepId: sql<number>`${workflowSteps.id}`.as('step_id'),
      ownerUserId: workflowSteps.ownerUserId,
      sort: workflowSteps.sort,
      eventId: sql<number>`${stepEvents.id}`.as('event_id'),
      fileKey: stepEvents.fileKey,
    })
    .from(stepEvents)
    .innerJoin(workflowSteps, eq(workflowSteps.id, stepEvents.stepId))
    .where(and(eq(workflowSteps.pageId, pageId), eq(stepEvents.kind, StepEventKind.COMMIT)))
    .as('commits');

/** The step of the page a revision was handed in to (a commit of its file), if any. */
const handedIn = (db: Executor) => {
  const commits = pageCommits(db, chapterPages.id);
  return db
    .select({ id: commits.stepId, ownerUserId: commits.ownerUserId })
    .from(commits)
    .where(eq(commits.fileKey, uploads.key))
    .limit(1)
    .as('handed_in');
};

/**
 * Everything a mark call on a page revision decides on, in one prepared statement (docs/marks.md,
 * "Speed"): the page with its chapter (of this project, or nothing), the revision's file and size,
 * the step it was handed in to or whether it is one of the page's storyboard files, and the
 * project's main artists (who judge steps). Saving a mark is
 * bound by the server's round trips to PostgreSQL, so five queries became this one.
 */
const pageRevision = preparedPerDatabase((db) => {
  const step = handedIn(db);
  return db
    .select({
      page: chapterPages,
      chapter: chapters,
      upload: { key: uploads.key, width: pageRenditions.width, height: pageRenditions.height },
      step: { id: step.id, ownerUserId: step.ownerUserId },
      mainArtists: mainArtistsColumn,
      storyboard: isStoryboardRevision(chapterPages.id, uploads.key),
    })
    .from(chapterPages)
    .innerJoin(
      chapters,
      and(eq(chapters.id, chapterPages.chapterId), eq(chapters.projectId, sql.placeholder('projectId'))),
    )
    .leftJoin(uploads, eq(uploads.id, sql.placeholder('uploadId')))
    .leftJoin(pageRenditions, eq(pageRenditions.uploadId, uploads.id))
    .leftJoinLateral(step, sql`true`)
    .where(eq(chapterPages.id, sql.placeholder('pageId')))
    .limit(1)
    .prepare('marked_page_revision');
});

/**
 * A page of a chapter of this project with what a mark call needs of it and of `uploadId` (pass
 * 0 for no revision); undefined when the project has no such page.
 */
export async function findPageRevision(db: Executor, projectId: number, pageId: number, uploadId: number) {
  const [row] = await pageRevision(db).execute({ projectId, pageId, uploadId });
  return row;
}
export type PageRevision = NonNullable<Awaited<ReturnType<typeof findPageRevision>>>;
