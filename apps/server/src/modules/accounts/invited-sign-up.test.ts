import { LoginAttr, MESSAGES, MemberKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailToken } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { CROWD, mailInvitation } from '../../test/invitation-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { invitedAccountOf } from '../invitations/invitation-sign-up.js';
import { users } from './accounts.table.js';

/**
 * Signing up from a mail invitation (docs/accounts.md, "Signing up from an invitation"): the link's
 * address, a nickname and one password make an active account, logged in at once; the server takes
 * the short form only with an open invitation sent to that very address.
 */
const ja = MESSAGES.ja;
const PASSWORD = 'shiosai-no-kiroku-7';
let t: TestApp;
let founder: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  founder = await person(t, 'creator');
  projectId = await createProject(t, founder, { title: '潮の記録' });
}, 60_000);
afterAll(() => t.close());

const signUp = (body: Record<string, unknown>) => callUnchecked(t, contract.accounts.registerInvited, body);
const accountCount = async (email: string) =>
  (await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

describe('the invited sign-up', () => {
  it('makes an active creator wanting the offered part, logged in, who then answers the invitation', async () => {
    const { email, token } = await mailInvitation(t, founder, projectId);
    const mailsBefore = (await t.mailsTo(email)).length;
    const res = await signUp({
      token,
      email: email.toUpperCase(),
      nickname: '  波の絵描き ',
      password: PASSWORD,
    });
    expect(res.http, res.body.info).toBe(200);
    expect(res.body.info).toBe(ja.invitedRegistered);
    const session = res.body.data.token as string;

    const me = (await call(t, contract.profiles.me, undefined, session)).body.data;
    expect(me).toMatchObject({ email, nickname: '波の絵描き', loginattr: LoginAttr.CREATOR });
    expect(me.positions).toBe(String(CROWD.posId));
    // No confirmation mail: the invitation's own link proved the address.
    await t.settleJobs();
    expect(await t.mailsTo(email)).toHaveLength(mailsBefore);
    const login = await call(t, contract.accounts.login, { username: email, password: PASSWORD });
    expect(login.http).toBe(200);

    const answer = await call(t, contract.invitations.answerLink, { token, accept: true }, session);
    expect(answer.http, answer.body.info).toBe(200);
    const detail = await call(t, contract.projects.detail, { proId: projectId }, session);
    expect(detail.body.data.users.find((u) => u.userId === me.id)).toBeTruthy();
  });

  it('refuses another address than the one the link went to, and makes no account', async () => {
    const { email, token } = await mailInvitation(t, founder, projectId);
    const other = `other-${email}`;
    const res = await signUp({ token, email: other, nickname: '別の人', password: PASSWORD });
    expect(res).toMatchObject({ http: 400, body: { info: ja.invitationAddressMismatch } });
    expect(await accountCount(other)).toBe(0);
    expect(await accountCount(email)).toBe(0);
  });

  it('refuses a link no invitation has, and the short form without a link', async () => {
    const { email } = await mailInvitation(t, founder, projectId);
    const forged = await signUp({ token: 'x'.repeat(43), email, nickname: '偽', password: PASSWORD });
    expect(forged.http).toBe(404);
    const bare = await signUp({ email, nickname: '偽', password: PASSWORD });
    expect(bare.http).toBe(400);
    expect(await accountCount(email)).toBe(0);
  });

  it('refuses a withdrawn invitation (409) and an answered one', async () => {
    const withdrawn = await mailInvitation(t, founder, projectId);
    const list = (await call(t, contract.invitations.ofProject, { projectId }, founder.token)).body.data.list;
    const id = list.find((i) => i.email === withdrawn.email)?.id as number;
    expect(
      (await call(t, contract.invitations.withdraw, { projectId, invitationId: id }, founder.token)).http,
    ).toBe(200);
    const res = await signUp({ ...withdrawn, nickname: '遅れた人', password: PASSWORD });
    expect(res).toMatchObject({ http: 409, body: { info: ja.invitationClosed } });
    expect(await accountCount(withdrawn.email)).toBe(0);

    // A link already used to sign up and answered cannot make a second account elsewhere either.
    const used = await mailInvitation(t, founder, projectId);
    const first = await signUp({ ...used, nickname: '最初の人', password: PASSWORD });
    await call(
      t,
      contract.invitations.answerLink,
      { token: used.token, accept: false },
      first.body.data.token,
    );
    const again = await signUp({ ...used, nickname: '二度目', password: PASSWORD });
    expect(again.http).toBe(409);
  });

  it('keeps the rules every new password and address has', async () => {
    const { email, token } = await mailInvitation(t, founder, projectId);
    const common = await signUp({ token, email, nickname: '弱い人', password: 'password' });
    expect(common).toMatchObject({ http: 400, body: { info: ja.passwordTooCommon } });
    const short = await signUp({ token, email, nickname: '短い人', password: 'abc12' });
    expect(short.http).toBe(400);
    // An address that has an account already: the invitation is answered by logging in.
    const me = await person(t, 'creator');
    const address = (await call(t, contract.profiles.me, undefined, me.token)).body.data.email;
    await call(
      t,
      contract.invitations.inviteByMail,
      { projectId, email: address, part: CROWD },
      founder.token,
    );
    const link = { email: address, token: await lastMailToken(t, address) };
    const taken = await signUp({ ...link, nickname: '二人目', password: PASSWORD });
    expect(taken).toMatchObject({ http: 400, body: { info: ja.emailTaken } });
    expect(await accountCount(email)).toBe(0);
  });
});

describe('the kind of the invited account', () => {
  it('is an editor for an editorial seat, a creator wanting the position for a part', () => {
    expect(invitedAccountOf({ seat: MemberKind.DEPUTY, positionId: 0 })).toEqual({
      loginAttr: LoginAttr.EDITOR,
      positions: [],
    });
    expect(invitedAccountOf({ seat: null, positionId: 5 })).toEqual({
      loginAttr: LoginAttr.CREATOR,
      positions: [5],
    });
  });
});
