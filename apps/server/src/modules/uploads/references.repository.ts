import { type AnyColumn, sql, type Table } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projectFiles } from '../folders/folders.table.js';
import { pageMarks } from '../marks/marks.table.js';
import { pageRevisions } from '../pages/page-revisions.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projects } from '../projects/projects.table.js';
import { stepEvents, workflowSteps } from '../workflow/workflow.table.js';
import { FILES_PREFIX } from './upload-names.js';
import { uploads } from './uploads.table.js';

/**
 * Every column that holds an upload (docs/files.md, "Unattached uploads"): a profile's avatar and
 * background, a project's cover and proposal, a chapter's header (stored as paths); a storyboard
 * page's file and every earlier file it was given (`page_revisions`), a step's file, a hand-in's or sending back's file in a step's history, a folder's
 * file (stored as keys). A mark names the revision it is drawn on by the upload's id
 * (`page_marks.upload_id`). A new column that holds an upload belongs here, or the sweep takes
 * what it holds.
 */
const HOLDERS: [Table, AnyColumn][] = [
  [users, users.pic],
  [users, users.icon],
  [projects, projects.icon],
  [projects, projects.proposals],
  [chapters, chapters.icon],
  [chapterPages, chapterPages.fileKey],
  [pageRevisions, pageRevisions.fileKey],
  [workflowSteps, workflowSteps.fileKey],
  [stepEvents, stepEvents.fileKey],
  [projectFiles, projectFiles.uploadKey],
];

/** The key a column's value names: a path (`/api/files/<key>`) or a key as it is. */
const keyIn = (column: AnyColumn) =>
  sql`case when starts_with(${column}, ${FILES_PREFIX}) then substr(${column}, ${FILES_PREFIX.length + 1}) else ${column} end`;

/** Every key some row holds, one select per column (the planner hashes them once). */
const heldKeys = () =>
  sql.join(
    HOLDERS.map(([table, column]) => sql`select ${keyIn(column)} as key from ${table} where ${column} <> ''`),
    sql` union all `,
  );

/**
 * Deletes up to `limit` uploads no row holds whose last attachment, or their upload when never
 * attached, was before `before`; answers their keys, for their files to go after the commit.
 * An attachment moves `attached_at` under the row's lock (uploads.repository.ts, markAttached):
 * one in progress holds the row, which is skipped; one committed meanwhile is seen on the row
 * itself when this locks it, and the row is left.
 */
export async function deleteUnreferenced(db: Executor, before: Date, limit: number): Promise<string[]> {
  const stale = sql`coalesce(${uploads.attachedAt}, ${uploads.createdAt}) < ${before.toISOString()}`;
  const { rows } = await db.execute<{ key: string }>(sql`
    delete from ${uploads} where ${uploads.id} in (
      select u.id from ${uploads} u
      where coalesce(u.attached_at, u.created_at) < ${before.toISOString()}
        and not exists (select 1 from (${heldKeys()}) held where held.key = u.key)
        and not exists (select 1 from ${pageMarks} m where m.upload_id = u.id)
      order by u.id limit ${limit}
      for update of u skip locked)
      and ${stale}
    returning ${uploads.key} as key`);
  return rows.map((r) => r.key);
}
