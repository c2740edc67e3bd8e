import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapterPages } from './pages.table.js';

/**
 * Every file a storyboard page was given, oldest first (docs/production.md, "Storyboard
 * revisions"): the page's `file_key` is its latest, the earlier ones stay so that the editor's
 * marks keep the picture they were drawn on and the viewer compares any two, as a step's history
 * keeps its hand-ins (`step_events`).
 */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => chapterPages.id, { onDelete: 'cascade' }),
    /** Storage key of the file (an upload of type 11). */
    fileKey: text('file_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_revisions_page_idx').on(t.pageId, t.id)],
);
