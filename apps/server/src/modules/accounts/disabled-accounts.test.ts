import { spawn } from 'node:child_process';
import path from 'node:path';
import { COOKIE, LANGUAGES, LiveEvent, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, lastMailToken, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { disableAccount, enableAccount } from './account-status.service.js';
import { SESSION_CACHE_TTL_MS } from './session-cache.js';

const ja = MESSAGES.ja;
const adminScript = path.resolve(import.meta.dirname, '../../scripts/admin.ts');

/** An open live stream (what a browser tab keeps), on the app listening at `base`. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${contract.notices.stream.path}`, {
    headers: { cookie: `${COOKIE.token}=${token}` },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  // The retry line is written after the subscription: from then on nothing is missed.
  while (!text.includes('retry:')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended at once');
    text += decoder.decode(value, { stream: true });
  }
  /** Resolves with what arrived once the server ended the stream; fails after `timeoutMs`. */
  async function ended(timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk === null) throw new Error(`stream still open after ${timeoutMs} ms: ${JSON.stringify(text)}`);
      if (chunk.done) return text;
      text += decoder.decode(chunk.value, { stream: true });
    }
  }
  return { ended, close: () => controller.abort() };
}

/** Logs in as a fresh account twice (two devices): both tokens and the login body. */
async function personWithTwoSessions(t: TestApp) {
  const { token, body } = await signUpAndLogin(t, creatorBody());
  const second = await call(t, contract.accounts.login, { username: body.email, password: body.password });
  return { tokens: [token, second.body.data.token], body };
}

/** Every call a logged-in page makes answers "not logged in" for each token. */
async function expectLoggedOut(t: TestApp, tokens: string[]) {
  for (const token of tokens) {
    expect(await call(t, contract.profiles.me, undefined, token)).toMatchObject({
      http: 401,
      body: { status: 50014 },
    });
    const list = await call(t, contract.notices.list, {}, token);
    expect(list).toMatchObject({ http: 401, body: { status: 50014 } });
  }
}

describe('an operator disables an account', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends its sessions and its open live stream at once, and refuses its login with a clear info', async () => {
    const { tokens, body } = await personWithTwoSessions(t);
    const stream = await openStream(base, tokens[0] as string);
    for (const token of tokens)
      expect((await call(t, contract.profiles.me, undefined, token)).http).toBe(200);

    const startedAt = Date.now();
    expect(await disableAccount(t.app.deps, body.email)).toBe('changed');
    const received = await stream.ended(1_000);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(received).toContain(`event: ${LiveEvent.SESSION_ENDED}`);

    await expectLoggedOut(t, tokens);
    // The tab's EventSource reconnects: it meets the refusal and stops.
    const again = await fetch(`${base}${contract.notices.stream.path}`, {
      headers: { cookie: `${COOKIE.token}=${tokens[0]}` },
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ status: 50014 });

    for (const lang of LANGUAGES) {
      const login = { username: body.email, password: body.password };
      const cookie = `${COOKIE.lang}=${lang}`;
      const res = await callUnchecked(t, contract.accounts.login, login, undefined, { cookie });
      expect(res.http).toBe(403);
      expect(res.body).toMatchObject({ status: 403, info: MESSAGES[lang].accountDisabled });
    }
    // A wrong password still gets the usual answer: the status is told only to the owner.
    const wrong = await call(t, contract.accounts.login, { username: body.email, password: 'not-the-one' });
    expect(wrong).toMatchObject({ http: 400, body: { info: ja.loginFailed } });
    // No way back in through a password reset either.
    const mails = (await t.mailsTo(body.email)).length;
    await call(t, contract.accounts.forgotPassword, { email: body.email });
    expect(await t.mailsTo(body.email)).toHaveLength(mails);
  });

  it('tells the operator when there was nothing to do', async () => {
    const { body } = await signUpAndLogin(t);
    expect(await disableAccount(t.app.deps, 'nobody-here@example.com')).toBe('unknown');
    expect(await enableAccount(t.app.deps, body.email)).toBe('unchanged');
    expect(await disableAccount(t.app.deps, `  ${body.email.toUpperCase()} `)).toBe('changed');
    expect(await disableAccount(t.app.deps, body.email)).toBe('unchanged');
  });

  it('keeps an unconfirmed account from completing its sign-up', async () => {
    const body = creatorBody();
    await call(t, contract.accounts.register, body);
    expect(await disableAccount(t.app.deps, body.email)).toBe('changed');
    const done = await call(t, contract.accounts.completeRegistration, {
      token: await lastMailToken(t, body.email),
    });
    expect(done).toMatchObject({ http: 400, body: { info: ja.registrationLinkInvalid } });
  });

  it('lets the person log in again once enabled; the old sessions stay ended', async () => {
    const { tokens, body } = await personWithTwoSessions(t);
    await disableAccount(t.app.deps, body.email);
    expect(await enableAccount(t.app.deps, body.email)).toBe('changed');
    await expectLoggedOut(t, tokens);
    const login = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(login.http).toBe(200);
    expect((await call(t, contract.profiles.me, undefined, login.body.data.token)).http).toBe(200);
  });

  it('also ends the open streams when the password is reset', async () => {
    const { token, body } = await signUpAndLogin(t);
    const stream = await openStream(base, token);
    await call(t, contract.accounts.forgotPassword, { email: body.email });
    await call(t, contract.accounts.resetPassword, {
      token: await lastMailToken(t, body.email),
      password: 'a fresh passphrase',
    });
    expect(await stream.ended(1_000)).toContain(`event: ${LiveEvent.SESSION_ENDED}`);
  });
});

/** Runs `npm run admin -- <args>` as its own process, on the settings given. */
function runAdmin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|DATA_DIR|S3_.*)$/.test(key)),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', adminScript, ...args], {
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run admin, from another process, on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends the open stream through LISTEN/NOTIFY and logs every session out', async () => {
    const { tokens, body } = await personWithTwoSessions(t);
    const stream = await openStream(base, tokens[0] as string);
    const env = { DATABASE_URL: t.config.databaseUrl as string };

    const run = await runAdmin(['disable', body.email], env);
    expect(run).toMatchObject({ code: 0, output: expect.stringContaining('disabled') });
    const exitedAt = Date.now();
    expect(await stream.ended(1_000)).toContain(`event: ${LiveEvent.SESSION_ENDED}`);
    expect(Date.now() - exitedAt).toBeLessThan(1_000);
    // This server may have served the session from its cache within the last second.
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS));
    await expectLoggedOut(t, tokens);
    const login = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(login).toMatchObject({ http: 403, body: { info: ja.accountDisabled } });

    expect(await runAdmin(['enable', body.email], env)).toMatchObject({ code: 0 });
    const back = await call(t, contract.accounts.login, { username: body.email, password: body.password });
    expect(back.http).toBe(200);
  }, 30_000);

  it('answers an unknown address and a wrong command with a non-zero exit', async () => {
    const env = { DATABASE_URL: t.config.databaseUrl as string };
    expect(await runAdmin(['disable', 'ghost@example.com'], env)).toMatchObject({
      code: 1,
      output: expect.stringContaining('no such account'),
    });
    expect(await runAdmin(['delete', 'ghost@example.com'], env)).toMatchObject({
      code: 2,
      output: expect.stringContaining('Usage'),
    });
  }, 30_000);
});
