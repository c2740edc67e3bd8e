import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/** A pairing request between a creator and an editor; its id is the spec's msgId. */
export const pairs = pgTable(
  'pairs',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PairState: 2 applied, 3 agreed, 4 refused. */
    state: smallint('state').notNull(),
    message: text('message').notNull().default(''),
    replyMessage: text('reply_message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pairing per two people, whoever asked first: no duplicate requests, even racing ones.
    uniqueIndex('pairs_people_key').on(
      sql`least(${t.fromUserId}, ${t.toUserId})`,
      sql`greatest(${t.fromUserId}, ${t.toUserId})`,
    ),
    index('pairs_to_idx').on(t.toUserId, t.state),
    index('pairs_from_idx').on(t.fromUserId),
  ],
);
