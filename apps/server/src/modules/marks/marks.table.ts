import { MARK_STATES, type MarkColor, type MarkShape, type MarkState } from '@koma/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';

/** The states as an SQL list, from the one definition in @koma/shared. */
const stateList = `(${MARK_STATES.map((s) => `'${s}'`).join(', ')})`;

/**
 * A red-pen mark (赤入れ, docs/marks.md): drawn on one revision of a page (an upload: the
 * storyboard file or a file handed in to a step), numbered per page, with its first comment.
 */
export const pageMarks = pgTable(
  'page_marks',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => chapterPages.id, { onDelete: 'cascade' }),
    /**
     * The revision drawn on: the viewer names revisions by their upload's id (docs/viewer.md).
     * Null once that file was replaced (a storyboard page keeps only its latest file): the mark
     * stays on its page, to be shown over the next revision, rather than be lost with the file.
     */
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The step the revision was handed in to; null for the storyboard file. */
    stepId: integer('step_id').references(() => workflowSteps.id, { onDelete: 'cascade' }),
    /** The pin's number on its page, 1, 2, 3…: given under the page's row lock. */
    num: smallint('num').notNull(),
    /** In the original's pixel space (MarkShape in packages/shared/src/schemas/marks.ts). */
    shape: jsonb('shape').$type<MarkShape>().notNull(),
    color: text('color').$type<MarkColor>().notNull(),
    comment: text('comment').notNull(),
    state: text('state').$type<MarkState>().notNull().default('open'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who last changed the state, and when. */
    stateBy: integer('state_by').references(() => users.id, { onDelete: 'set null' }),
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_marks_page_num_key').on(t.pageId, t.num),
    index('page_marks_upload_idx').on(t.uploadId),
    // The to-do items of marks (docs/marks.md, mark-todos.repository.ts) read only the open marks
    // (by step) and the resolved ones (by author): small parts of the table once pages are done.
    index('page_marks_open_idx').on(t.stepId).where(sql`${t.state} = 'open'`),
    index('page_marks_resolved_idx').on(t.authorId).where(sql`${t.state} = 'resolved'`),
    check('page_marks_state_check', sql`${t.state} in ${sql.raw(stateList)}`),
  ],
);

/** The thread of a mark: replies from the assignee and the reviewers, oldest first. */
export const pageMarkReplies = pgTable(
  'page_mark_replies',
  {
    id: serial('id').primaryKey(),
    markId: integer('mark_id')
      .notNull()
      .references(() => pageMarks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_mark_replies_mark_idx').on(t.markId, t.id)],
);
