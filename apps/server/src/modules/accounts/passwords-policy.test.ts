import { COOKIE, LANGUAGES, LIMITS, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, lastMailToken, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import * as repo from './accounts.repository.js';
import { commonPasswordCount, isCommonPassword } from './common-passwords.js';
import { hashPassword } from './passwords.js';

const ja = MESSAGES.ja;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A reset link for a fresh account, and the account. */
async function resetLink() {
  const { body } = await signUpAndLogin(t);
  await call(t, contract.accounts.forgotPassword, { email: body.email });
  return { token: await lastMailToken(t, body.email), body };
}

describe('the list of common passwords', () => {
  it('holds 3,000 passwords, matched whatever their case', () => {
    expect(commonPasswordCount()).toBe(3000);
    for (const p of ['password', 'PASSWORD', 'Password1', 'iloveyou', 'qwertyuiop', '12345678']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['manga-2025', 'koma-demo-2025', 'correct horse battery staple']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('new passwords at sign-up', () => {
  it('refuses 7 characters and accepts 8', async () => {
    const short = creatorBody({ password: 'k7#mQ2z' });
    const res = await call(t, contract.accounts.register, short);
    expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.newPasswordTooShort } });
    expect(await t.mailsTo(short.email)).toHaveLength(0);
    expect(LIMITS.newPasswordMin).toBe(8);

    const eight = creatorBody({ password: 'k7#mQ2zx' });
    expect((await call(t, contract.accounts.register, eight)).http).toBe(200);
  });

  it.each(['password', 'Password1', 'SUPERMAN', 'iloveyou'])(
    'refuses the common password %s, in any case, and creates nothing',
    async (password) => {
      const body = creatorBody({ password });
      const res = await call(t, contract.accounts.register, body);
      expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.passwordTooCommon } });
      expect(await t.mailsTo(body.email)).toHaveLength(0);
      expect(await repo.findUserByEmail(t.app.deps.db, body.email)).toBeUndefined();
    },
  );

  it.each(LANGUAGES)('says why a common password is refused in %s', async (lang) => {
    const cookie = `${COOKIE.lang}=${lang}`;
    const body = creatorBody({ password: 'baseball' });
    const res = await callUnchecked(t, contract.accounts.register, body, undefined, { cookie });
    expect(res.body).toMatchObject({ status: 400, info: MESSAGES[lang].passwordTooCommon });
    expect(MESSAGES[lang].passwordTooCommon).not.toBe('');
  });

  it.each([64, 100, LIMITS.passwordMax])(
    'accepts a long password of %i characters (a pasted passphrase) and logs in with it',
    async (length) => {
      const phrase = 'パスワード-manga 2025!';
      const password = Array.from({ length }, (_, i) => phrase[i % phrase.length]).join('');
      expect(password).toHaveLength(length);
      const { token } = await signUpAndLogin(t, creatorBody({ password }));
      expect(token).toEqual(expect.any(String));
    },
  );

  it('refuses one character over the maximum', async () => {
    const res = await call(t, contract.accounts.register, creatorBody({ password: 'a1'.repeat(129) }));
    expect(res).toMatchObject({ http: 400, body: { info: ja.passwordTooLong } });
  });
});

describe('new passwords at a reset', () => {
  it('refuses a short or common one and leaves the link usable', async () => {
    const { token, body } = await resetLink();
    const short = await call(t, contract.accounts.resetPassword, { token, password: 'abc1234' });
    expect(short).toMatchObject({ http: 400, body: { info: ja.newPasswordTooShort } });
    const common = await call(t, contract.accounts.resetPassword, { token, password: 'Football1' });
    expect(common).toMatchObject({ http: 400, body: { info: ja.passwordTooCommon } });
    // The old password still works: nothing was changed.
    const old = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(old.http).toBe(200);

    const good = await call(t, contract.accounts.resetPassword, { token, password: 'a much better one' });
    expect(good).toMatchObject({ http: 200, body: { info: ja.passwordReset } });
    const fresh = await call(t, contract.accounts.login, {
      username: body.email,
      password: 'a much better one',
    });
    expect(fresh.http).toBe(200);
  });
});

describe('logging in keeps the specification’s 6 characters', () => {
  it('lets an older account with a 6-character password in, and refuses 5 with the login message', async () => {
    const { body } = await signUpAndLogin(t);
    const user = await repo.findUserByEmail(t.app.deps.db, body.email);
    if (!user) throw new Error('no user');
    // Set as an account made before the 8-character rule would have it.
    await repo.updatePasswordHash(t.app.deps.db, user.id, await hashPassword('abc123'));
    const six = await call(t, contract.accounts.login, { username: body.email, password: 'abc123' });
    expect(six.http).toBe(200);
    const five = await call(t, contract.accounts.login, { username: body.email, password: 'abc12' });
    expect(five).toMatchObject({ http: 400, body: { info: ja.passwordTooShort } });
  });
});
