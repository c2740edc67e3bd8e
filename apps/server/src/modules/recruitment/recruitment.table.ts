import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';

export const recruitments = pgTable(
  'recruitments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** RecruitKind: 1 project, 2 chapter. */
    kind: smallint('kind').notNull(),
    chapterId: integer('chapter_id'),
    stime: date('stime', { mode: 'string' }).notNull(),
    etime: date('etime', { mode: 'string' }).notNull(),
    condition: text('condition').notNull().default(''),
    /** RecruitStatus: 1 ongoing, 2 ended. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one ongoing recruitment per (project, kind, chapter) (docs/states.md).
    uniqueIndex('recruitments_ongoing_key')
      .on(t.projectId, t.kind, sql`coalesce(${t.chapterId}, 0)`)
      .where(sql`${t.status} = 1`),
    index('recruitments_status_idx').on(t.status, t.etime),
  ],
);

export const recruitmentPositions = pgTable(
  'recruitment_positions',
  {
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    positionId: smallint('position_id').notNull(),
    num: smallint('num').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recruitmentId, t.positionId] })],
);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: smallint('position_id').notNull(),
    message: text('message').notNull().default(''),
    /** ApplicationStatus: 0 pending, 10 accepted, -10 rejected. */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per position and recruitment, even when two applications race.
    uniqueIndex('applications_once_key').on(t.recruitmentId, t.userId, t.positionId),
    index('applications_project_idx').on(t.projectId, t.status),
    index('applications_user_idx').on(t.userId),
  ],
);
