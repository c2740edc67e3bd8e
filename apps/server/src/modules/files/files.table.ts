import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server secrets shared by every instance (the signing key of download links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
