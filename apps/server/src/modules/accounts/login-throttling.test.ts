import { MESSAGES, RATE_LIMITS } from '@koma/shared';
import { contract, type Endpoint, type InputOf, type ReplyOf } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, lastMailToken } from '../../test/accounts-fixtures.js';
import type { ApiResult } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAccountsService } from './accounts.service.js';

const ja = MESSAGES.ja;

/** A POST from one client address: the socket's, or the one a proxy forwards. */
async function postFrom<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  payload: InputOf<E> & object,
  from: { remoteAddress?: string; forwardedFor?: string },
): Promise<ApiResult<ReplyOf<E>>> {
  const res = await t.app.inject({
    method: 'POST',
    url: endpoint.path,
    payload,
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
  return { http: res.statusCode, body: res.json() };
}

let signUps = 0;
/** A confirmed account, made from an address of its own so the sign-up limits stay out of the way. */
async function account(t: TestApp) {
  signUps += 1;
  const from = { remoteAddress: `10.99.${signUps}.1` };
  const body = creatorBody();
  expect((await postFrom(t, contract.accounts.register, body, from)).http).toBe(200);
  const token = await lastMailToken(t, body.email);
  expect((await postFrom(t, contract.accounts.completeRegistration, { token }, from)).http).toBe(200);
  return { username: body.email, password: body.password };
}

describe('behind a proxy (TRUST_PROXY): the forwarded address is the client', () => {
  // The real limits (multiplier 1), as production has them.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 1, trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks a guessing client out of one account, and not the owner at another client', async () => {
    const victim = await account(t);
    const attacker = { forwardedFor: '203.0.113.9' };
    const max = RATE_LIMITS.loginFailuresPerClientAndEmail.max;
    for (let i = 0; i < max; i++) {
      const guess = { username: victim.username, password: `guess-${i}-x` };
      const res = await postFrom(t, contract.accounts.login, guess, attacker);
      expect(res).toMatchObject({ http: 400, body: { info: ja.loginFailed } });
    }
    const more = { username: victim.username, password: 'guess-more' };
    const stopped = await postFrom(t, contract.accounts.login, more, attacker);
    expect(stopped).toMatchObject({ http: 429, body: { status: 429, info: ja.loginLocked } });
    // Even the right password is refused to that client for that account...
    expect((await postFrom(t, contract.accounts.login, victim, attacker)).http).toBe(429);
    // ...while the owner, at their own client, logs in as usual.
    const owner = await postFrom(t, contract.accounts.login, victim, { forwardedFor: '198.51.100.7' });
    expect(owner.http).toBe(200);
  });

  it('caps one account attacked from many clients, and only that account', async () => {
    const victim = await account(t);
    const bystander = await account(t);
    const max = RATE_LIMITS.loginFailuresPerEmail.max;
    for (let i = 0; i < max; i++) {
      const guess = { username: victim.username, password: `guess-${i}-x` };
      const from = { forwardedFor: `203.0.${Math.floor(i / 200) + 10}.${(i % 200) + 1}` };
      expect((await postFrom(t, contract.accounts.login, guess, from)).http).toBe(400);
    }
    const fresh = { forwardedFor: '198.51.100.8' };
    const locked = await postFrom(t, contract.accounts.login, victim, fresh);
    expect(locked).toMatchObject({ http: 429, body: { status: 429, info: ja.loginLocked } });
    expect((await postFrom(t, contract.accounts.login, bystander, fresh)).http).toBe(200);
  });

  it('throttles one address trying many accounts, and not the other addresses', async () => {
    const owner = await account(t);
    const max = RATE_LIMITS.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      const res = await postFrom(
        t,
        contract.accounts.login,
        { username: `someone${i}@example.com`, password: 'guess-1234' },
        { forwardedFor: '192.0.2.50' },
      );
      expect(res.http).toBe(400);
    }
    const blocked = await postFrom(t, contract.accounts.login, owner, { forwardedFor: '192.0.2.50' });
    expect(blocked).toMatchObject({ http: 429, body: { info: ja.tooManyRequests } });
    // Each account was tried once: the owner logs in from their own address.
    const fromHome = await postFrom(t, contract.accounts.login, owner, { forwardedFor: '192.0.2.51' });
    expect(fromHome.http).toBe(200);
  });
});

describe('without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 1, trustProxy: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores a forged X-Forwarded-For: the socket address is throttled', async () => {
    const owner = await account(t);
    for (let i = 0; i < RATE_LIMITS.loginPerIp.max; i++) {
      const res = await postFrom(
        t,
        contract.accounts.login,
        { username: `forged${i}@example.com`, password: 'guess-1234' },
        { remoteAddress: '192.0.2.80', forwardedFor: `203.0.113.${i + 1}` },
      );
      expect(res.http).toBe(400);
    }
    const blocked = await postFrom(t, contract.accounts.login, owner, {
      remoteAddress: '192.0.2.80',
      forwardedFor: '203.0.113.200',
    });
    expect(blocked.http).toBe(429);
    expect((await postFrom(t, contract.accounts.login, owner, { remoteAddress: '192.0.2.81' })).http).toBe(
      200,
    );
  });

  it('counts the IPv6 addresses of one /64 as one client', async () => {
    const owner = await account(t);
    const max = RATE_LIMITS.loginFailuresPerClientAndEmail.max;
    for (let i = 0; i < max; i++) {
      const guess = { username: owner.username, password: `guess-${i}-x` };
      const from = { remoteAddress: `2001:db8:5:6:${i.toString(16)}::1` };
      expect((await postFrom(t, contract.accounts.login, guess, from)).http).toBe(400);
    }
    const sameNetwork = { remoteAddress: '2001:db8:5:6:ffff:1:2:3' };
    const locked = await postFrom(t, contract.accounts.login, owner, sameNetwork);
    expect(locked).toMatchObject({ http: 429, body: { info: ja.loginLocked } });
    const otherNetwork = { remoteAddress: '2001:db8:5:7::1' };
    expect((await postFrom(t, contract.accounts.login, owner, otherNetwork)).http).toBe(200);
  });

  it('counts wrong passwords per address over an hour, across accounts (slow credential stuffing)', async () => {
    // Through the service: the route's 30-a-minute limit would take minutes to stay under here.
    const accounts = createAccountsService(t.app.deps);
    const owner = await account(t);
    const max = RATE_LIMITS.loginFailuresPerIp.max;
    for (let i = 0; i < max; i++) {
      await expect(
        accounts.login(`stuffed${i}@example.com`, 'guess-1234', '192.0.2.90'),
      ).rejects.toMatchObject({
        httpStatus: 400,
        key: 'loginFailed',
      });
    }
    await expect(accounts.login(owner.username, owner.password, '192.0.2.90')).rejects.toMatchObject({
      httpStatus: 429,
    });
    await expect(accounts.login(owner.username, owner.password, '192.0.2.91')).resolves.toMatchObject({
      token: expect.any(String),
    });
  });
});
