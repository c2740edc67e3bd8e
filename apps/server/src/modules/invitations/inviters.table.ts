import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * The members the founder allowed to invite (docs/access.md, "Inviting"). A table of its own, not
 * a column of project_members, which has a row per part held: one row per person here, so granting
 * is one insert (its key makes a second click nothing), taking back one delete, and leaving or
 * removal deletes it in the same transaction as the member rows.
 */
export const projectInviters = pgTable(
  'project_inviters',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
