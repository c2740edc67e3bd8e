import { EDITORIAL_SEATS, type EditorialSeat, MemberKind, TeamInvitationStatus } from '@koma/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { teamInvitations as inv } from '../invitations/invitations.table.js';
import { projectMembers } from '../projects/projects.table.js';

const inviter = alias(users, 'inviter');
const invitee = alias(users, 'invitee');

/** The project's seat holders, in the order they took their seats. */
export async function seatsOf(db: Executor, projectId: number) {
  return db
    .select({ userId: projectMembers.userId, nickname: users.nickname, seat: projectMembers.kind })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.kind, [...EDITORIAL_SEATS])))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.userId));
}

/** The seat invitations still waiting, newest first. */
export async function pendingSeatsOf(db: Executor, projectId: number, now: Date) {
  return db
    .select({
      id: inv.id,
      seat: inv.seat,
      inviteeId: inv.inviteeId,
      inviteeName: invitee.nickname,
      inviterId: inv.inviterId,
      inviterName: inviter.nickname,
      expiresAt: inv.expiresAt,
    })
    .from(inv)
    .innerJoin(inviter, eq(inviter.id, inv.inviterId))
    .innerJoin(invitee, eq(invitee.id, inv.inviteeId))
    .where(
      and(
        eq(inv.projectId, projectId),
        isNotNull(inv.seat),
        eq(inv.status, TeamInvitationStatus.PENDING),
        gt(inv.expiresAt, now),
      ),
    )
    .orderBy(desc(inv.id));
}

/** The person's account kind and whether it may log in, for a seat's invitation. */
export async function accountOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ loginattr: users.loginattr, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The seat row for an accepted seat; false (and nothing) when the person already has a row of kind 0 (editor, seat). */
export async function insertSeat(db: Executor, projectId: number, userId: number, seat: EditorialSeat) {
  const made = await db
    .insert(projectMembers)
    .values({ projectId, userId, kind: seat, positionId: 0 })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  return made.length > 0;
}

/** Whether the rows (a person's, locked by the caller) hold the editor's charge or a seat. */
export const holdsEditorialPlace = (rows: readonly { kind: number }[]) =>
  rows.some((r) => r.kind === MemberKind.EDITOR || (EDITORIAL_SEATS as readonly number[]).includes(r.kind));
