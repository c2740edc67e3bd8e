import type { RegisterBody } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { call } from './api.js';
import type { TestApp } from './test-app.js';

let counter = 0;

export function creatorBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    nickname: `山田 花子${counter}`,
    email: `creator${counter}-${process.pid}-${Date.now()}@example.com`,
    password: 'manga-2025',
    type: [1],
    loginAttr: 1,
    medias: [1, 3],
    typebigs: [5, 6],
    positions: [1, 2],
    method: [2],
    ...overrides,
  };
}

export function editorBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return creatorBody({ loginAttr: 2, positions: null, method: null, ...overrides });
}

/** The token in the newest link mailed to an address (once the mail jobs are done). */
export async function lastMailToken(t: TestApp, email: string): Promise<string> {
  const link = (await t.mailsTo(email)).at(-1)?.link;
  if (!link) throw new Error('no mail was sent');
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** GETs a link the server handed out (a signed file link), which is not an endpoint of the contract. */
export async function getLink(t: TestApp, url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  return { http: res.statusCode, body: res.json() as { status: number; info: string } };
}

/** Signs up, follows the mailed link and logs in: a ready account and its session token. */
export async function signUpAndLogin(t: TestApp, body: RegisterBody = creatorBody()) {
  const reg = await call(t, contract.accounts.register, body);
  if (reg.http !== 200) throw new Error(`register failed: ${reg.body.info}`);
  await call(t, contract.accounts.completeRegistration, { token: await lastMailToken(t, body.email) });
  const login = await call(t, contract.accounts.login, { username: body.email, password: body.password });
  if (login.http !== 200) throw new Error(`login failed: ${login.body.info}`);
  return { token: login.body.data.token, body };
}
