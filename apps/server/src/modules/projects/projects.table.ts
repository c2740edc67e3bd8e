import type { ReadingDirection } from '@koma/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    /** The founder. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Cover image path (a public upload of type 3). */
    icon: text('icon').notNull(),
    /** ProjectKind: 1 one-shot, 2 serial. */
    kind: smallint('kind').notNull(),
    /** ProductionType: 1 commercial, 2 self-produced. */
    type: smallint('type').notNull(),
    genres: smallint('genres').array().notNull().default(sql`'{}'`),
    creativecap: smallint('creativecap').array().notNull().default(sql`'{}'`),
    /** Proposal file: an upload path (type 4) and the client's file name. */
    proposals: text('proposals').notNull().default(''),
    proposalfile: text('proposalfile').notNull().default(''),
    content: text('content').notNull(),
    /** ProjectStatus: 1 ongoing, 2 completed. */
    status: smallint('status').notNull().default(1),
    /** How the page viewer turns the pages (docs/viewer.md): 'rtl' (manga), 'ltr' or 'vertical'. */
    readingDirection: text('reading_direction').$type<ReadingDirection>().notNull().default('rtl'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_user_idx').on(t.userId), index('projects_genres_gin').using('gin', t.genres)],
);

/** Everyone who belongs to a project: the founder, accepted applicants (one row per position), the editor. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** MemberKind: 1 founder, 2 member, 3 editor in charge. */
    kind: smallint('kind').notNull(),
    /** The position held (0 for the founder and the editor). */
    positionId: smallint('position_id').notNull().default(0),
    /** Set when the position was recruited for one chapter. */
    chapterId: integer('chapter_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_members_key').on(
      t.projectId,
      t.userId,
      t.positionId,
      sql`coalesce(${t.chapterId}, 0)`,
    ),
    index('project_members_user_idx').on(t.userId),
  ],
);

export const editorInvitations = pgTable(
  'editor_invitations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** InvitationStatus: 0 pending, 1 accepted, 2 refused. */
    status: smallint('status').notNull().default(0),
    /** The founder's own words to the editor, plain text: shown where the editor answers. */
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per project: inviting again replaces nobody silently.
    uniqueIndex('editor_invitations_pending_key').on(t.projectId).where(sql`${t.status} = 0`),
    index('editor_invitations_editor_idx').on(t.editorId, t.status),
  ],
);
