import { MESSAGES, TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, todoCounts } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { teamInvitations } from './invitations.table.js';

/** Invitations mailed as a link, to someone who may have no account yet (docs/access.md, "Inviting"). */
const ja = MESSAGES.ja;
let t: TestApp;
let founder: Person;
let projectId: number;
let chapterId: number;
let mailCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '海辺の約束' });
  chapterId = await addChapter(t, founder, projectId, { title: '第2話 夏' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const newAddress = () => {
  mailCount += 1;
  return `invited${mailCount}-${process.pid}@example.com`;
};
const inviteByMail = (email: string, part = { posId: 7, chapterId: null as number | null }) =>
  callUnchecked(t, contract.invitations.inviteByMail, { projectId, email, part }, founder.token);
const link = (token: string) => callUnchecked(t, contract.invitations.link, { token });
const answerLink = (who: Person, token: string, accept: boolean) =>
  callUnchecked(t, contract.invitations.answerLink, { token, accept }, who.token);
const partsOf = async (userId: number) => {
  const detail = await call(t, contract.projects.detail, { proId: projectId }, founder.token);
  return detail.body.data.users.find((u) => u.userId === userId)?.parts ?? [];
};

/** Mails an invitation and reads the link's secret back from the mail. */
async function mailed(email: string, part?: { posId: number; chapterId: number | null }) {
  const res = await inviteByMail(email, part);
  expect(res.http, res.body.info).toBe(200);
  const mail = (await t.mailsTo(email)).at(-1);
  const url = new URL(mail?.link ?? '');
  expect(url.pathname).toBe('/invitation');
  return { mail, token: url.searchParams.get('token') ?? '' };
}

describe('an invitation by mail', () => {
  it('mails a link saying who invites to what, whose secret only the mail holds', async () => {
    const email = newAddress();
    const { mail, token } = await mailed(email, { posId: 7, chapterId });
    expect(mail?.subject).toBe('【Koma】「海辺の約束」への招待');
    expect(mail?.text).toContain(`${founder.nickname}さんから`);
    expect(mail?.text).toContain('モブアシスタント（第2話 夏）');
    expect(mail?.text).toContain(mail?.link);
    const [row] = await t.app.deps.db.select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const shown = await link(token);
    expect(shown.http).toBe(200);
    expect(shown.body.data).toMatchObject({
      project_title: '海辺の約束',
      inviter: founder.nickname,
      pos_id: 7,
      chapter_id: chapterId,
      chapter_title: '第2話 夏',
      status: 'pending',
      // The sign-up the link leads to fills the address in (issue 40 #14).
      email,
    });
    expect((await link(`${token.slice(0, -2)}xx`)).http).toBe(404);
  });

  it('answers the same whether or not the address has an account', async () => {
    const holder = await signUpAndLogin(t, creatorBody());
    const first = await inviteByMail(holder.body.email);
    const second = await inviteByMail(newAddress());
    expect(first.body).toEqual(second.body);
  });

  it('someone who signs up after the mail accepts it and becomes a member', async () => {
    const body = creatorBody();
    const { token } = await mailed(body.email);
    const signedUp = await signUpAndLogin(t, body);
    const { id } = (await call(t, contract.profiles.me, undefined, signedUp.token)).body.data;
    const who = { id, token: signedUp.token, nickname: body.nickname };
    const res = await answerLink(who, token, true);
    expect(res.http, res.body.info).toBe(200);
    expect(res.body.data).toEqual({ projectId });
    expect(await partsOf(id)).toEqual([
      { pos_id: 7, position: 'モブアシスタント', chapter_id: null, chapter_title: null },
    ]);
    expect((await link(token)).body.data.status).toBe('accepted');
    const list = (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list;
    expect(list.find((i) => i.invitee?.id === id)).toMatchObject({ status: 'accepted', email: null });
    // The link is spent: a second answer, by anyone, is 409.
    expect((await answerLink(who, token, false)).http).toBe(409);
    const other = await person(t, 'creator');
    expect((await answerLink(other, token, true)).http).toBe(409);
    expect(await partsOf(other.id)).toEqual([]);
  });

  it('declining by the link makes no member; the founder cannot answer her own link', async () => {
    const { token } = await mailed(newAddress());
    const own = await answerLink(founder, token, true);
    expect(own.http).toBe(400);
    expect(own.body.info).toBe(ja.ownInvitation);
    const who = await person(t, 'creator');
    expect((await answerLink(who, token, false)).http).toBe(200);
    expect(await partsOf(who.id)).toEqual([]);
    expect((await link(token)).body.data.status).toBe('declined');
  });

  it('accepting a part already held marks it accepted without a second member row', async () => {
    const who = await person(t, 'creator');
    await call(
      t,
      contract.invitations.invite,
      { projectId, userId: who.id, part: { posId: 8, chapterId: null } },
      founder.token,
    );
    const [offer] = (await call(t, contract.invitations.mine, undefined, who.token)).body.data.list;
    await call(t, contract.invitations.answer, { invitationId: offer?.id ?? 0, accept: true }, who.token);
    const { token } = await mailed(newAddress(), { posId: 8, chapterId: null });
    expect((await answerLink(who, token, true)).http).toBe(200);
    expect(await partsOf(who.id)).toHaveLength(1);
    expect((await link(token)).body.data.status).toBe('accepted');
  });

  it('an expired link shows as expired and cannot be answered', async () => {
    const email = newAddress();
    const { token } = await mailed(email);
    await t.app.deps.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, email));
    expect((await link(token)).body.data.status).toBe('expired');
    const who = await person(t, 'creator');
    expect((await answerLink(who, token, true)).http).toBe(409);
    expect(await partsOf(who.id)).toEqual([]);
    expect((await todoCounts(t, who))[TodoType.TEAM_INVITATION] ?? 0).toBe(0);
  });

  it('a second mail to the same address for the same part waits for the first', async () => {
    const email = newAddress();
    await mailed(email);
    const again = await inviteByMail(email);
    expect(again.http).toBe(409);
    expect(again.body.info).toBe(ja.alreadyInvited);
    expect(await t.mailsTo(email)).toHaveLength(1);
  });
});

describe('mails per address', () => {
  it('invitation mails count against the address limit that sign-up mails use', async () => {
    const strict = await createTestApp({ rateLimitMultiplier: 1 });
    try {
      const boss = await person(strict, 'creator');
      const project = await createProject(strict, boss);
      const email = `limited-${process.pid}@example.com`;
      const send = (posId: number) =>
        callUnchecked(
          strict,
          contract.invitations.inviteByMail,
          { projectId: project, email, part: { posId, chapterId: null } },
          boss.token,
        );
      for (const posId of [2, 3, 4, 5, 6]) expect((await send(posId)).http).toBe(200);
      expect((await send(7)).http).toBe(429);
      const signUp = await callUnchecked(strict, contract.accounts.register, creatorBody({ email }));
      expect(signUp.http).toBe(429);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
