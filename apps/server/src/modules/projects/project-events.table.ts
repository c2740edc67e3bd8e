import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { projects } from './projects.table.js';

/**
 * The project's activity (docs/access.md, "Leaving a project"): each change of its team, written in
 * the transaction that makes it. People are kept as ids, so a renamed member shows their new name;
 * a step by the words that named it, as its page may be deleted later.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** ProjectEventKind. */
    kind: text('kind').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member the change concerns when not the actor: removed, or the step's former owner. */
    subjectId: integer('subject_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who a step was handed to. */
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A handed-over step as it was named then: its chapter, page number and position. */
    chapterTitle: text('chapter_title'),
    pageNum: integer('page_num'),
    positionId: smallint('position_id'),
    /** An editorial seat joined, offered or withdrawn: MemberKind.DEPUTY or CHIEF (docs/access.md, "Editorial seats"). */
    seat: smallint('seat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.id)],
);
