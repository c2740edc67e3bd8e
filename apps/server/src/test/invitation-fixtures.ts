import { contract } from '@koma/shared/contract';
import { lastMailToken } from './accounts-fixtures.js';
import { call } from './api.js';
import type { Person } from './people-fixtures.js';
import type { TestApp } from './test-app.js';

/** A part every invitation of these fixtures offers: a crowd assistant (7) for the whole project. */
export const CROWD = { posId: 7, chapterId: null };

let mailed = 0;

/** `founder` invites `who` to `projectId`; the invitation's id as `who` sees it. */
export async function inviteTo(t: TestApp, founder: Person, projectId: number, who: Person): Promise<number> {
  const res = await call(
    t,
    contract.invitations.invite,
    { projectId, userId: who.id, part: CROWD },
    founder.token,
  );
  if (res.http !== 200) throw new Error(`invite: ${res.http} ${res.body.info}`);
  const mine = await call(t, contract.invitations.mine, undefined, who.token);
  const found = mine.body.data.list.find((i) => i.project.id === projectId);
  if (!found) throw new Error('the invitation is not in the list of its invitee');
  return found.id;
}

/** A new address invited to `projectId` by mail: the address and the link's secret, as read from the mail. */
export async function mailInvitation(t: TestApp, founder: Person, projectId: number) {
  mailed += 1;
  const email = `link${mailed}-${process.pid}-${Date.now()}@example.com`;
  const res = await call(
    t,
    contract.invitations.inviteByMail,
    { projectId, email, part: CROWD },
    founder.token,
  );
  if (res.http !== 200) throw new Error(`inviteByMail: ${res.http} ${res.body.info}`);
  return { email, token: await lastMailToken(t, email) };
}

/** A new address invited to `projectId` by mail: the link's secret, as read from the mail. */
export async function invitationLink(t: TestApp, founder: Person, projectId: number): Promise<string> {
  return (await mailInvitation(t, founder, projectId)).token;
}
