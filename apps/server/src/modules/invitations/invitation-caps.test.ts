import { MailMode, messageWithWait, NoticeKind, RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject, join, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { users } from '../accounts/accounts.table.js';
import { notices } from '../notices/notices.table.js';
import { teamInvitations } from './invitations.table.js';

/**
 * Invitation mail is capped (docs/access.md, "Inviting"): per inviter and per project an hour,
 * and an invitation's notice mail counts against its address's mail limit. The limits as shipped
 * (`rateLimitMultiplier: 1`).
 */
let t: TestApp;
let founder: Person;
let projectId: number;
/** Members holding a whole-project part whom the founder allowed to invite. */
let helper: Person;
let second: Person;
let mailCount = 0;

const PART = { posId: 7, chapterId: null };

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1 });
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '風の丘' });
  [helper, second] = [await person(t, 'creator'), await person(t, 'creator')];
  await recruit(t, founder, projectId, [5], 5);
  for (const m of [helper, second]) {
    await join(t, founder, m, projectId, 5);
    await call(t, contract.invitations.allowInviter, { projectId, userId: m.id, allow: true }, founder.token);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

const newAddress = () => {
  mailCount += 1;
  return `caps${mailCount}-${process.pid}@example.com`;
};
/** A mail invitation through the HTTP layer, headers included. */
const inviteByMail = (as: Person, email: string, at = projectId) =>
  t.app.inject({
    method: 'POST',
    url: contract.invitations.inviteByMail.path,
    payload: { projectId: at, email, part: PART },
    headers: { token: as.token },
  });
const rowCount = async () => (await t.app.deps.db.select().from(teamInvitations)).length;

async function sendMany(as: Person, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await inviteByMail(as, newAddress());
    expect(res.statusCode, res.json().info).toBe(200);
  }
}

/** Withdraws every invitation of the project still waiting, as the founder. */
async function withdrawAll() {
  const list = (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list;
  for (const i of list.filter((i) => i.status === 'pending'))
    await call(t, contract.invitations.withdraw, { projectId, invitationId: i.id }, founder.token);
}

/** A refusal of the cap: 429, its words, when to try again (within the hour), and nothing sent. */
async function expectCapped(as: Person, key: 'invitationsPerInviterHour' | 'invitationsPerProjectHour') {
  const email = newAddress();
  const before = await rowCount();
  const res = await inviteByMail(as, email);
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  // The message says when, in whole minutes: the same wait as the header, give or take the second.
  const said = [retryAfter, retryAfter - 1].map((s) => messageWithWait(key, s * 1000, 'ja'));
  expect(said).toContain(res.json().info);
  expect(res.json().status).toBe(429);
  expect(await rowCount()).toBe(before);
  expect(await t.mailsTo(email)).toEqual([]);
}

describe('the hourly caps on invitations', () => {
  it('one inviter sends at most invitationsPerInviter an hour, withdrawn or not', async () => {
    await sendMany(founder, RATE_LIMITS.invitationsPerInviter.max);
    await withdrawAll();
    await expectCapped(founder, 'invitationsPerInviterHour');
  });

  it('one project sends at most invitationsPerProject an hour, whoever its inviters; a refused one is not counted', async () => {
    // A refusal (the same address and part again) is given back: it sent nothing.
    const twice = newAddress();
    expect((await inviteByMail(helper, twice)).statusCode).toBe(200);
    expect((await inviteByMail(helper, twice)).statusCode).toBe(409);
    // The founder's, the helper's and the second inviter's make the project's count full, exactly
    // (the refusal above counted, the last one here would be refused).
    await sendMany(helper, RATE_LIMITS.invitationsPerProject.max - RATE_LIMITS.invitationsPerInviter.max - 2);
    await withdrawAll();
    await sendMany(second, 1);
    // The project's count is full; the inviter's own, unused, does not help.
    await expectCapped(second, 'invitationsPerProjectHour');
    // Another project of the same inviter is counted apart.
    const own = await createProject(t, second, { title: '別の丘' });
    expect((await inviteByMail(second, newAddress(), own)).statusCode).toBe(200);
  });
});

describe("an invitation's notice mail", () => {
  it("counts against the address's mail limit; past it, the notice waits for the digest", async () => {
    const invitee = await person(t, 'creator');
    const [{ email } = { email: '' }] = await t.app.deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, invitee.id));
    const own = await createProject(t, second, { title: '招待の丘' });
    const parts = [1, 2, 3, 4, 5, 6].map((posId) => ({ posId, chapterId: null }));
    for (const part of parts) {
      const res = await callUnchecked(
        t,
        contract.invitations.invite,
        { projectId: own, userId: invitee.id, part },
        second.token,
      );
      expect(res.http, res.body.info).toBe(200);
    }
    // The sign-up's mail and the invitations' together reach the limit, and no more.
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(RATE_LIMITS.mailPerEmail.max);
    const told = await t.app.deps.db
      .select({ mode: notices.mailMode, mailedAt: notices.mailedAt })
      .from(notices)
      .where(and(eq(notices.userId, invitee.id), eq(notices.kind, NoticeKind.TEAM_INVITED)));
    expect(told).toHaveLength(parts.length);
    const waiting = told.filter((n) => n.mailedAt === null);
    expect(waiting).toHaveLength(parts.length - (mails.length - 1));
    expect(waiting.every((n) => n.mode === MailMode.DIGEST)).toBe(true);
    // One count for every mail to the address: a reset link now waits too.
    const reset = await callUnchecked(t, contract.accounts.forgotPassword, { email }, undefined);
    expect(reset.http).toBe(429);
  });
});
