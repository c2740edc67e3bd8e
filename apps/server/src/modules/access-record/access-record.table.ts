import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * The access record (docs/access.md, "The access record"): every look at a page and every
 * download. The actor is a member (`user_id`) or a guest of a review link (`review_link_id` and
 * `guest_name`). Looks are one row per actor, page file, kind and hour (`dedupe`), counted;
 * downloads one row each (`dedupe` null). `network` is the client's network hashed with a server
 * secret, never the address. Rows older than LIMITS.accessRecordDays are purged hourly.
 */
export const accessRecords = pgTable(
  'access_records',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Kept without a foreign key: the record outlives a deleted chapter (its title is kept). */
    chapterId: integer('chapter_id'),
    chapterTitle: text('chapter_title').notNull().default(''),
    pageNum: integer('page_num'),
    uploadId: integer('upload_id'),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewLinkId: integer('review_link_id'),
    guestName: text('guest_name'),
    code: text('code').notNull().default(''),
    network: text('network').notNull(),
    dedupe: text('dedupe'),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_records_dedupe').on(t.dedupe).where(sql`${t.dedupe} is not null`),
    index('access_records_project_idx').on(t.projectId, t.lastAt),
    index('access_records_page_idx').on(t.projectId, t.chapterId, t.pageNum),
    index('access_records_user_idx').on(t.projectId, t.userId),
    index('access_records_code_idx').on(t.code),
    index('access_records_first_idx').on(t.firstAt),
  ],
);
