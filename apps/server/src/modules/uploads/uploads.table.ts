import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * Every stored upload: its server-generated key, who uploaded it and the client's file name (data
 * only). `attached_at` is set once the file is put somewhere (a page, a step, a cover…): only then
 * is a page file rendered; it moves with each later attachment, and an upload no row holds is swept
 * a day after it (docs/files.md, "Unattached uploads").
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    filename: text('filename').notNull(),
    ext: text('ext').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_key_key').on(t.key),
    // The hourly quota sums an account's recent uploads (uploads/upload-quota.ts).
    index('uploads_user_idx').on(t.userId, t.createdAt),
    // Uploads never attached (the sweep of docs/files.md also reads those attached long ago).
    index('uploads_unattached_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
);
