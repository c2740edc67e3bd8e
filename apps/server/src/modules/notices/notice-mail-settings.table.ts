import type { MailMode } from '@koma/shared';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

/**
 * A reader's mail settings, one row per reader who saved them (docs/notices.md, "By mail"); a
 * reader without a row has the defaults. `kinds` holds only the kinds whose mode differs from
 * NOTICE_MAIL_DEFAULTS: one row read per notice stored, and a kind added later gets its default
 * without a migration.
 */
export const noticeMailSettings = pgTable('notice_mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  timeZone: text('time_zone').notNull(),
  digestHour: smallint('digest_hour').notNull(),
  kinds: jsonb('kinds').$type<Partial<Record<string, MailMode>>>().notNull().default(sql`'{}'::jsonb`),
});
