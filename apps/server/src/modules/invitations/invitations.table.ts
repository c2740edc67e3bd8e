import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projects } from '../projects/projects.table.js';

/**
 * Team invitations (docs/access.md, "Inviting"): the founder offers a part (a position, for the
 * whole project or one chapter) to an account, or by a link mailed to an address. `status` is
 * pending, accepted, declined or withdrawn; expired is read from `expires_at`, never stored.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** null: the whole project. */
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    /** 0 for an editorial seat. */
    positionId: smallint('position_id').notNull(),
    /**
     * An editorial seat offered instead of a part: MemberKind.DEPUTY (副担当) or CHIEF (編集長), to an
     * editor account, for the whole project (docs/access.md, "Editorial seats"); null for a part.
     */
    seat: smallint('seat'),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invited account; for a mail invitation, whoever answered its link. */
    inviteeId: integer('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address a mail invitation went to. */
    email: text('email'),
    /** sha-256 of a mail invitation's link secret; the secret itself is never stored. */
    tokenHash: text('token_hash'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('team_invitations_invitee_idx').on(t.inviteeId, t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('team_invitations_project_idx').on(t.projectId, t.id),
    uniqueIndex('team_invitations_token_key').on(t.tokenHash),
    // One waiting invitation per person and part: a second click cannot send two.
    uniqueIndex('team_invitations_pending_key')
      .on(t.projectId, t.inviteeId, t.positionId, sql`coalesce(${t.chapterId}, 0)`)
      .where(sql`${t.status} = 'pending' and ${t.inviteeId} is not null`),
    uniqueIndex('team_invitations_pending_mail_key')
      .on(t.projectId, t.email, t.positionId, sql`coalesce(${t.chapterId}, 0)`)
      .where(sql`${t.status} = 'pending' and ${t.email} is not null`),
  ],
);
