import { COOKIE, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, editorBody, lastMailToken, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up', () => {
  it('makes a provisional account that can log in only after the mailed link is followed', async () => {
    const body = creatorBody();
    const reg = await call(t, contract.accounts.register, body);
    expect(reg).toMatchObject({ http: 200, body: { status: 200, info: ja.registered } });
    const mails = await t.mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('本登録');
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost:\d+\/registration\/complete\?token=/);

    const early = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(early).toMatchObject({ http: 403, body: { status: 403, info: ja.accountProvisional } });

    const done = await call(t, contract.accounts.completeRegistration, {
      token: await lastMailToken(t, body.email),
    });
    expect(done).toMatchObject({ http: 200, body: { info: ja.registrationCompleted } });
    const login = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(login.http).toBe(200);
    expect(login.body.data).toEqual({ token: expect.any(String), isFirst: true });
  });

  it('uses a completion link only once', async () => {
    const body = creatorBody();
    await call(t, contract.accounts.register, body);
    const token = await lastMailToken(t, body.email);
    expect((await call(t, contract.accounts.completeRegistration, { token })).http).toBe(200);
    const again = await call(t, contract.accounts.completeRegistration, { token });
    expect(again).toMatchObject({ http: 400, body: { info: ja.registrationLinkInvalid } });
  });

  it('refuses an unknown completion link', async () => {
    const res = await call(t, contract.accounts.completeRegistration, { token: 'x'.repeat(43) });
    expect(res).toMatchObject({ http: 400, body: { info: ja.registrationLinkInvalid } });
  });

  it.each([
    ['nickname missing', { nickname: '' }, ja.nicknameRequired],
    ['nickname over 60', { nickname: 'あ'.repeat(61) }, ja.nicknameTooLong],
    ['e-mail missing', { email: '' }, ja.emailRequired],
    ['e-mail malformed', { email: 'not-an-address' }, ja.emailInvalid],
    ['password missing', { password: '' }, ja.passwordRequired],
    ['password of 7 (new passwords need 8)', { password: '1234567' }, ja.newPasswordTooShort],
    ['no creation/essay', { type: [] }, ja.creativecapRequired],
    ['no attribute', { loginAttr: 3 as never }, ja.loginAttrRequired],
    ['no media', { medias: [] }, ja.attributeIncomplete],
    ['unknown genre', { typebigs: [999] }, ja.attributeIncomplete],
    ['creator without positions', { positions: null }, ja.attributeIncomplete],
    ['creator without method', { method: [] }, ja.attributeIncomplete],
  ])('refuses %s with the spec message and creates nothing', async (_, change, info) => {
    const body = creatorBody(change);
    const res = await call(t, contract.accounts.register, body);
    expect(res).toMatchObject({ http: 400, body: { status: 400, info, data: null } });
    if (typeof body.email === 'string' && body.email.includes('@'))
      expect(await t.mailsTo(body.email)).toHaveLength(0);
  });

  it('accepts an editor without positions or drawing method', async () => {
    const { token } = await signUpAndLogin(t, editorBody());
    const me = await call(t, contract.profiles.me, undefined, token);
    expect(me.body.data).toMatchObject({ loginattr: 2, role: '2', positions: '', method: [] });
  });

  it('allows one account per e-mail address, compared case-insensitively', async () => {
    const body = creatorBody({ email: 'Hanako.Dup@Example.com' });
    expect((await call(t, contract.accounts.register, body)).http).toBe(200);
    const dup = await call(t, contract.accounts.register, creatorBody({ email: ' hanako.dup@example.COM ' }));
    expect(dup).toMatchObject({ http: 400, body: { info: ja.emailTaken } });
  });

  it('ignores fields the form does not have', async () => {
    const body = { ...creatorBody(), status: 1, roles: [2], isAdmin: true };
    expect((await call(t, contract.accounts.register, body)).http).toBe(200);
    const login = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(login.http).toBe(403);
  });

  it('answers in the language chosen in the web app', async () => {
    const cookie = `${COOKIE.lang}=zh`;
    const body = creatorBody({ nickname: '' });
    const res = await callUnchecked(t, contract.accounts.register, body, undefined, { cookie });
    expect(res.body.info).toBe(MESSAGES.zh.nicknameRequired);
  });
});

describe('login and session', () => {
  it('trims the e-mail and compares it case-insensitively', async () => {
    const { body } = await signUpAndLogin(t, creatorBody({ email: 'taro@example.com' }));
    const res = await call(t, contract.accounts.login, {
      username: '  TARO@example.com ',
      password: body.password,
    });
    expect(res.http).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const { body } = await signUpAndLogin(t);
    const wrong = await call(t, contract.accounts.login, {
      username: body.email,
      password: 'wrong-password',
    });
    const unknown = await call(t, contract.accounts.login, {
      username: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(wrong).toMatchObject({ http: 400, body: { info: ja.loginFailed } });
    expect(unknown).toMatchObject({ http: 400, body: { info: ja.loginFailed } });
  });

  it('checks the login form rules', async () => {
    expect((await call(t, contract.accounts.login, { username: '', password: 'abcdef' })).body.info).toBe(
      ja.emailRequired,
    );
    expect((await call(t, contract.accounts.login, { username: 'a@b.co', password: 'abc' })).body.info).toBe(
      ja.passwordTooShort,
    );
  });

  it('returns the user info with the derived role string', async () => {
    const { token, body } = await signUpAndLogin(t, creatorBody({ positions: [2, 6] }));
    const me = await call(t, contract.profiles.me, undefined, token);
    expect(me.http).toBe(200);
    expect(me.body.data).toMatchObject({
      nickname: body.nickname,
      email: body.email,
      loginattr: 1,
      role: '1,4,5,7',
      positions: '2,6',
      isFirst: true,
    });
    expect(me.body.data.lists.positions).toContainEqual({ id: 2, position: 'メイン作画' });
  });

  it('asks for a login without a token, or with an unknown one', async () => {
    expect(await call(t, contract.profiles.me, undefined)).toMatchObject({
      http: 401,
      body: { status: 50014 },
    });
    expect(await call(t, contract.profiles.me, undefined, 'forged-token')).toMatchObject({
      body: { status: 50014 },
    });
  });

  it('clears the first-login flag for good once the dialog is closed', async () => {
    const { token, body } = await signUpAndLogin(t);
    expect((await call(t, contract.accounts.closeFirstLogin, undefined, token)).http).toBe(200);
    expect((await call(t, contract.profiles.me, undefined, token)).body.data.isFirst).toBe(false);
    const again = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(again.body.data.isFirst).toBe(false);
  });

  it('ends the session on logout', async () => {
    const { token } = await signUpAndLogin(t);
    expect((await call(t, contract.accounts.logout, undefined, token)).http).toBe(200);
    expect((await call(t, contract.profiles.me, undefined, token)).body.status).toBe(50014);
  });

  it('throttles repeated failed logins for one address from one client', async () => {
    const strict = await createTestApp({ rateLimitMultiplier: 1 });
    try {
      const { body } = await signUpAndLogin(strict);
      for (let i = 0; i < 10; i++) {
        await call(strict, contract.accounts.login, { username: body.email, password: `wrong-${i}x` });
      }
      const blocked = await call(strict, contract.accounts.login, {
        username: body.email,
        password: body.password,
      });
      expect(blocked).toMatchObject({ http: 429, body: { status: 429, info: ja.loginLocked } });
    } finally {
      await strict.close();
    }
  });
});

describe('mails again and password reset', () => {
  it('mails a new completion link that replaces the old one', async () => {
    const body = creatorBody();
    await call(t, contract.accounts.register, body);
    const first = await lastMailToken(t, body.email);
    const resend = await call(t, contract.accounts.resendConfirmation, { email: body.email });
    expect(resend).toMatchObject({ http: 200, body: { info: ja.confirmationResent } });
    const second = await lastMailToken(t, body.email);
    expect(second).not.toBe(first);
    expect((await call(t, contract.accounts.completeRegistration, { token: first })).http).toBe(400);
    expect((await call(t, contract.accounts.completeRegistration, { token: second })).http).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    expect((await call(t, contract.accounts.forgotPassword, { email: 'ghost@example.com' })).http).toBe(200);
    expect((await call(t, contract.accounts.resendConfirmation, { email: 'ghost@example.com' })).http).toBe(
      200,
    );
    expect(await t.mailsTo('ghost@example.com')).toHaveLength(0);
  });

  it('stores a reset mail only for an account, with the same answer as for an unknown address', async () => {
    // An instance that runs no jobs: what a request stored stays in the queue to be counted.
    const stored = await createTestApp({ jobConcurrency: 0 });
    try {
      const mailJobs = async () =>
        (await stored.app.deps.db.execute(sql`select id from pgboss.job where name = 'mail'`)).rows.length;
      const body = creatorBody();
      await call(stored, contract.accounts.register, body);
      expect(await mailJobs()).toBe(1);
      const known = await call(stored, contract.accounts.forgotPassword, { email: body.email });
      expect(await mailJobs()).toBe(2);
      const unknown = await call(stored, contract.accounts.forgotPassword, { email: 'nobody@example.com' });
      expect(await mailJobs()).toBe(2);
      expect(unknown).toEqual(known);
      expect(known).toMatchObject({ http: 200, body: { status: 200, data: null } });
    } finally {
      await stored.close();
    }
  });

  it('resets the password from the mailed link and ends the old sessions', async () => {
    const { token, body } = await signUpAndLogin(t);
    await call(t, contract.accounts.forgotPassword, { email: body.email });
    expect((await t.mailsTo(body.email)).at(-1)?.link).toContain('/resetPassword?token=');
    const reset = await call(t, contract.accounts.resetPassword, {
      token: await lastMailToken(t, body.email),
      password: 'new-secret-1',
    });
    expect(reset).toMatchObject({ http: 200, body: { info: ja.passwordReset } });
    expect((await call(t, contract.profiles.me, undefined, token)).body.status).toBe(50014);
    const old = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(old.http).toBe(400);
    const fresh = await call(t, contract.accounts.login, { username: body.email, password: 'new-secret-1' });
    expect(fresh.http).toBe(200);
  });

  it('refuses a reset link used twice', async () => {
    const { body } = await signUpAndLogin(t);
    await call(t, contract.accounts.forgotPassword, { email: body.email });
    const token = await lastMailToken(t, body.email);
    await call(t, contract.accounts.resetPassword, { token, password: 'new-secret-1' });
    const again = await call(t, contract.accounts.resetPassword, { token, password: 'other-secret-2' });
    expect(again).toMatchObject({ http: 400, body: { info: ja.resetLinkInvalid } });
  });
});

describe('the envelope', () => {
  it('answers unknown API paths with the 404 envelope', async () => {
    // Not a path of the contract, on purpose.
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect({ http: res.statusCode, body: res.json() }).toMatchObject({ http: 404, body: { status: 404 } });
  });

  it('answers malformed JSON as bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: contract.accounts.login.path,
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, info: ja.invalidValue });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain(contract.accounts.register.path);
  });

  it('sends strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: contract.reference.lists.path });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
