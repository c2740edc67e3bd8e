import { pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** Reference lists with fixed ids (docs/accounts.md), filled from @koma/shared at start. */
const referenceColumns = {
  id: smallint('id').primaryKey(),
  ja: text('ja').notNull(),
  zh: text('zh').notNull(),
  en: text('en').notNull(),
};

export const positions = pgTable('positions', referenceColumns);
export const medias = pgTable('medias', referenceColumns);
export const genres = pgTable('genres', referenceColumns);
export const methods = pgTable('methods', referenceColumns);
export const affiliations = pgTable('affiliations', referenceColumns);
