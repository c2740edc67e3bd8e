import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';

/**
 * One step of a page's work flow: a task (position) done by one member. Steps run in `sort`
 * order; the current step of a page is its first one not done.
 */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => chapterPages.id, { onDelete: 'cascade' }),
    /** Denormalised from the page: the chapter-wide queries (to-do, work screen) need no join. */
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull(),
    positionId: smallint('position_id').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** StepStatus. */
    status: smallint('status').notNull().default(0),
    /** Storage key of the latest committed file ('' before the first commit). */
    fileKey: text('file_key').notNull().default(''),
    /** The Tokyo day the step is due (docs/schedule.md): planned when the flow is saved, or moved. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The founder moved the due day: a later save of the flow keeps it. */
    dueByHand: boolean('due_by_hand').notNull().default(false),
    /** DueReminder already sent for the current due day (0 none, 1 two days before, 2 on the day). */
    reminded: smallint('reminded').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_steps_page_idx').on(t.pageId, t.sort),
    // The chapter's steps, and whether it has one in a status (to-do types 21, 23, 25).
    index('workflow_steps_chapter_status_idx').on(t.chapterId, t.status),
    index('workflow_steps_owner_idx').on(t.ownerUserId, t.status),
    index('workflow_steps_status_idx').on(t.status),
    // The daily reminders look for the steps due on two days, not done.
    index('workflow_steps_due_idx').on(t.dueOn).where(sql`${t.status} <> 10`),
  ],
);

/** The history of a step: each committed file and each sending back (with its remark). */
export const stepEvents = pgTable(
  'step_events',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id')
      .notNull()
      .references(() => workflowSteps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** StepEventKind: 'commit' or 'reject'. */
    kind: text('kind').notNull(),
    /** The committed file, or the rejection's example image ('' when none). */
    fileKey: text('file_key').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('step_events_step_idx').on(t.stepId, t.id)],
);
