import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * One row per open live-event stream, shared by every instance: a lease the stream renews while it
 * lives and deletes when it closes, so a crashed instance's streams free their slots when the
 * lease ends (docs/access.md). Disposable data, so the table is UNLOGGED (see the migration).
 */
export const liveStreamSlots = pgTable(
  'live_stream_slots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_stream_slots_user_idx').on(t.userId, t.expiresAt)],
);
