import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * A user's private calendar feed (docs/calendar.md): at most one per user. Only the SHA-256 of its
 * secret token is kept, as for sessions: a leaked table gives no working URL, and the URL can be
 * shown only when it is made.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_key'),
  /** The Language the events are written in, chosen when the URL was made. */
  lang: text('lang').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
