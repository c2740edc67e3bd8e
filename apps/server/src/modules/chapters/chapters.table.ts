import { date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects.table.js';

/** A chapter (話 / 案件) of a project; the production module drives its status. */
export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    pageCount: smallint('page_count').notNull(),
    /** Header image path (a public upload of type 3). */
    icon: text('icon').notNull(),
    scriptAt: date('script_at', { mode: 'string' }).notNull(),
    checkAt: date('check_at', { mode: 'string' }).notNull(),
    /** ChapterStatus, 1 ネーム作成中 on creation. */
    status: smallint('status').notNull().default(1),
    /** Final audit: null not submitted, 1 waiting, 10 passed, -10 rejected. */
    auditStatus: smallint('audit_status'),
    auditRemark: text('audit_remark').notNull().default(''),
    /** The editor's reason when the storyboard was last rejected. */
    nameRemark: text('name_remark').notNull().default(''),
    /** Days the last step of every page is planned before the check deadline (docs/schedule.md). */
    dueBufferDays: smallint('due_buffer_days').notNull().default(2),
    /** The forecast's ForecastStatus when it was last computed: a change to worse is a notice. */
    forecastStatus: text('forecast_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chapters_project_idx').on(t.projectId, t.id), index('chapters_status_idx').on(t.status)],
);
