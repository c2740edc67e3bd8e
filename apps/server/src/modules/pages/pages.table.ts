import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';

/**
 * A page of a chapter. Its storyboard ("name") file is reviewed by the editor; once the name is
 * approved the same page carries the work flow's steps.
 */
export const chapterPages = pgTable(
  'chapter_pages',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** 1-based page number, kept dense when a page is deleted. */
    num: smallint('num').notNull(),
    /** Storage key of the draft page image ('' before the first upload). */
    fileKey: text('file_key').notNull().default(''),
    /** DraftPageStatus. */
    status: smallint('status').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chapter_pages_chapter_idx').on(t.chapterId, t.num)],
);

/** Comments on a draft page (the viewer dialog's history and note field). */
export const pageNotes = pgTable(
  'page_notes',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => chapterPages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_notes_page_idx').on(t.pageId, t.id)],
);
