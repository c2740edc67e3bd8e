import { StepStatus } from '@koma/shared';
import { count, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import { projects } from './projects.table.js';

export interface ProjectActivity {
  /** Work-flow steps of all the project's chapters, and how many of them are approved (10). */
  doneSteps: number;
  allSteps: number;
  /** The newest chapter (the highest id: chapters are numbered in the order they were added). */
  newestChapterId: number | null;
  /**
   * The project's last change: the latest update time of the project itself, its chapters, their
   * pages and their pages' steps. Defined here only (docs/api-conventions.md, project cards).
   */
  lastChange: Date;
}

/**
 * The activity of each project of an id list, for its card: one statement over the page's
 * projects (never one query per card). Each part is aggregated per project apart, so that steps
 * are read by chapter through workflow_steps_chapter_status_idx and pages through
 * chapter_pages_chapter_idx, without multiplying each other's rows. Every dashboard runs it:
 * prepared once per database (lib/prepared.ts), its plan made once per connection.
 */
const activityOfProjects = preparedPerDatabase((db) => {
  const ofProject = eq(chapters.projectId, projects.id);
  // drizzle names a subquery's fields without its alias: each name is unique in the statement.
  const chapterPart = db
    .select({
      newest: max(chapters.id).as('newest_chapter_id'),
      changed: max(chapters.updatedAt).as('chapters_changed'),
    })
    .from(chapters)
    .where(ofProject)
    .as('chapter_part');
  const pagePart = db
    .select({ changed: max(chapterPages.updatedAt).as('pages_changed') })
    .from(chapters)
    .innerJoin(chapterPages, eq(chapterPages.chapterId, chapters.id))
    .where(ofProject)
    .as('page_part');
  const stepPart = db
    .select({
      done: sql<number>`count(*) filter (where ${workflowSteps.status} = ${sql.raw(String(StepStatus.DONE))})`.as(
        'done_steps',
      ),
      all: count().as('all_steps'),
      changed: max(workflowSteps.updatedAt).as('steps_changed'),
    })
    .from(chapters)
    .innerJoin(workflowSteps, eq(workflowSteps.chapterId, chapters.id))
    .where(ofProject)
    .as('step_part');
  return db
    .select({
      projectId: projects.id,
      doneSteps: sql<number>`${stepPart.done}`.mapWith(Number),
      allSteps: sql<number>`${stepPart.all}`.mapWith(Number),
      newestChapterId: chapterPart.newest,
      // greatest() skips the nulls of a project without chapters, pages or steps.
      lastChange: sql<Date>`greatest(${projects.updatedAt}, ${chapterPart.changed}, ${pagePart.changed},
        ${stepPart.changed})`.mapWith(projects.updatedAt),
    })
    .from(projects)
    .leftJoinLateral(chapterPart, sql`true`)
    .leftJoinLateral(pagePart, sql`true`)
    .leftJoinLateral(stepPart, sql`true`)
    .where(sql`${projects.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('project_activity');
});

export async function projectActivity(db: Executor, ids: number[]): Promise<Map<number, ProjectActivity>> {
  if (ids.length === 0) return new Map();
  const rows = await activityOfProjects(db).execute({ ids });
  return new Map(rows.map(({ projectId, ...activity }) => [projectId, activity]));
}
