import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * A review link for people outside the team (docs/access.md, "Review links"): what it shows (the
 * chapter, chosen pages, or one revision), what its guests may do, and how long and how often it
 * opens. Only the token's sha-256 is stored, and the password's argon2id hash.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    /** The pages it shows; empty for the whole chapter. */
    pageIds: integer('page_ids').array().notNull().default(sql`'{}'`),
    /** One revision (an upload id) it shows alone; a page file replaced later is simply gone. */
    revisionId: integer('revision_id'),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash'),
    comments: boolean('comments').notNull().default(false),
    downloads: boolean('downloads').notNull().default(false),
    maxViews: integer('max_views').notNull(),
    views: integer('views').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_links_chapter_idx').on(t.chapterId, t.id)],
);

/**
 * A guest of a review link: the name they gave when they opened it and the sha-256 of the guest
 * token it gave them. No account: the guest reaches what the link shows while the link lives.
 */
export const reviewGuests = pgTable(
  'review_guests',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => reviewLinks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The guest's last read through the link (guest-access.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_guests_link_idx').on(t.linkId)],
);
