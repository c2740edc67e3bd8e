import { date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * A project's watermark setting (docs/renditions.md, "Watermarks"); no row is `off` / `refuse`.
 * `mode` and `originals` hold WatermarkMode and WatermarkOriginals.
 */
export const projectWatermarks = pgTable('project_watermarks', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  originals: text('originals').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The short code a watermark carries: one per viewer, project and Tokyo day, so a code read off a
 * leaked picture names whom it was served to and when (the access record says what).
 */
export const watermarkCodes = pgTable(
  'watermark_codes',
  {
    code: text('code').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The review link of a guest, and the name the guest gave (issue 42's review links). */
    reviewLinkId: integer('review_link_id'),
    guestName: text('guest_name'),
    /** `u:<user id>` or `g:<review link id>:<guest name>`: one key for either kind of viewer. */
    viewer: text('viewer').notNull(),
    /** The name drawn into the pictures, as it was that day. */
    name: text('name').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watermark_codes_viewer_day').on(t.projectId, t.viewer, t.day)],
);
