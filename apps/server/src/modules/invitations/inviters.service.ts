import { LIMITS, ProjectEventKind } from '@koma/shared';
import { badInput, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { insertProjectEvent, lockMemberRows } from '../projects/team.repository.js';
import { forgetTeam } from '../projects/team.service.js';
import { withdrawInvitationsOf } from './invitation-rules.js';
import { grantInviter, invitableProjects, revokeInviter } from './inviters.repository.js';

/**
 * The founder allows members to invite, or takes it back; where one may invite (docs/access.md,
 * "Inviting").
 */
export function createInvitersService(deps: Deps) {
  const { db } = deps;
  return {
    /** Where the caller may invite: what a profile's 「プロジェクトに招待」 offers. */
    async projects(userId: number) {
      return { list: await invitableProjects(db, userId, LIMITS.invitableProjects) };
    },

    /**
     * One transaction: the member's rows are locked first, as a removal locks them, so a grant
     * cannot outlive a removal committing at the same moment; only a change is recorded. Taking it
     * back withdraws the invitations they sent that still wait (docs/access.md, "Inviting"): an
     * invitation being made meanwhile holds their rows, so it commits first and is withdrawn too.
     */
    async allow(founder: ProjectAccess, founderId: number, userId: number, allow: boolean): Promise<void> {
      const { projectId } = founder;
      if (userId === founderId) throw badInput('founderAlwaysInvites');
      const changed = await db.transaction(async (tx) => {
        if ((await lockMemberRows(tx, projectId, userId)).length === 0) throw notFound();
        const done = allow
          ? await grantInviter(tx, projectId, userId, founderId)
          : await revokeInviter(tx, projectId, userId);
        if (done)
          await insertProjectEvent(tx, {
            projectId,
            kind: allow ? ProjectEventKind.INVITER_GRANTED : ProjectEventKind.INVITER_REVOKED,
            actorId: founderId,
            subjectId: userId,
          });
        if (!allow) await withdrawInvitationsOf(tx, projectId, founderId, { sentBy: userId });
        return done;
      });
      if (changed) forgetTeam(db, projectId);
    },
  };
}
