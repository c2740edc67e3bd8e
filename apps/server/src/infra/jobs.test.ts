import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newUploadKey } from '../modules/uploads/upload-names.js';
import { insertUpload } from '../modules/uploads/uploads.repository.js';
import { creatorBody, lastMailToken } from '../test/accounts-fixtures.js';
import { call } from '../test/api.js';
import { person } from '../test/people-fixtures.js';
import { createTestApp, createThrowawayDatabase, type TestApp } from '../test/test-app.js';
import type { MailMessage } from './mailer.js';

const opened: TestApp[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function app(...args: Parameters<typeof createTestApp>): Promise<TestApp> {
  const t = await createTestApp(...args);
  opened.push(t);
  return t;
}

/** The rows of mail jobs, whatever their state. */
async function mailJobs(t: TestApp): Promise<{ state: string }[]> {
  const { rows } = await t.app.deps.db.execute<{ state: string }>(
    sql`select state::text from pgboss.job where name = 'mail'`,
  );
  return rows;
}

/** A database two apps can open one after the other: a PGlite folder, or a PostgreSQL database. */
async function sharedDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const db = await createThrowawayDatabase(serverUrl);
    cleanups.push(db.drop);
    return { databaseUrl: db.url };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-jobs-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return { pgliteDir: dir };
}

async function until(check: () => boolean | Promise<boolean>, maxMs = 10_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${maxMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('mail jobs', () => {
  it('let the sign-up answer before the mail is sent', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sending = false;
    const t = await app(
      {},
      {
        beforeSend() {
          sending = true;
          return held;
        },
      },
    );
    const body = creatorBody();
    expect((await call(t, contract.accounts.register, body)).http).toBe(200);
    // The request has answered; the send (held here, as by a slow SMTP server) goes on after it.
    await until(() => sending);
    expect(await mailJobs(t)).toEqual([{ state: 'active' }]);
    release();
    expect(await t.mailsTo(body.email)).toHaveLength(1);
  });

  it('retry a failed send and send the mail exactly once', async () => {
    const attempts: MailMessage[] = [];
    const t = await app(
      {},
      {
        async beforeSend(mail) {
          attempts.push(mail);
          if (attempts.length === 1) throw new Error('421 try again later');
        },
      },
    );
    const body = creatorBody();
    expect((await call(t, contract.accounts.register, body)).http).toBe(200);
    const mails = await t.mailsTo(body.email);
    expect(attempts).toHaveLength(2);
    expect(mails).toHaveLength(1);
    // Sent and done: nothing is left to send it again, and the link is not kept in the queue.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await t.mailsTo(body.email)).toHaveLength(1);
    expect(await mailJobs(t)).toEqual([]);
    const done = await call(t, contract.accounts.completeRegistration, {
      token: await lastMailToken(t, body.email),
    });
    expect(done.http).toBe(200);
  }, 30_000);

  it('stored by an app that closed before sending are sent by the next app on the database', async () => {
    const database = await sharedDatabase();
    // An instance that runs no jobs: the mail waits in the database when it closes.
    const first = await createTestApp({ ...database, jobConcurrency: 0 });
    const body = creatorBody();
    try {
      expect((await call(first, contract.accounts.register, body)).http).toBe(200);
      expect(await mailJobs(first)).toEqual([{ state: 'created' }]);
    } finally {
      await first.close();
    }
    const next = await app(database);
    expect(await next.mailsTo(body.email)).toHaveLength(1);
    const done = await call(next, contract.accounts.completeRegistration, {
      token: await lastMailToken(next, body.email),
    });
    expect(done.http).toBe(200);
  }, 30_000);

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'left running by a stopped embedded server are sent at once by the next start on its folder',
    async () => {
      const database = await sharedDatabase();
      // A send that never ends, as when the server is killed in the middle of it.
      const first = await createTestApp(database, { beforeSend: () => new Promise<void>(() => {}) });
      const body = creatorBody();
      try {
        expect((await call(first, contract.accounts.register, body)).http).toBe(200);
        await until(async () => (await mailJobs(first)).some((j) => j.state === 'active'));
      } finally {
        await first.close();
      }
      const next = await app(database);
      // Its expiry is two minutes away: without the start's retry this would time out.
      expect(await next.mailsTo(body.email)).toHaveLength(1);
    },
    40_000,
  );

  it('run at most as many at once as the instance allows', async () => {
    let running = 0;
    let most = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await app(
      { jobConcurrency: 2 },
      {
        async beforeSend() {
          running++;
          most = Math.max(most, running);
          await gate;
          running--;
        },
      },
    );
    const bodies = Array.from({ length: 5 }, () => creatorBody());
    for (const body of bodies) expect((await call(t, contract.accounts.register, body)).http).toBe(200);
    await until(() => running === 2);
    // Longer than a poll: the three others wait for a free slot, still stored, not taken.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(running).toBe(2);
    const states = (await mailJobs(t)).map((j) => j.state).sort();
    expect(states).toEqual(['active', 'active', 'created', 'created', 'created']);
    release();
    for (const body of bodies) expect(await t.mailsTo(body.email)).toHaveLength(1);
    expect(most).toBe(2);
  }, 30_000);
});

describe('renders', () => {
  it('never hold a mail back: they run in slots of their own', async () => {
    let mailed = 0;
    const t = await app(
      { jobConcurrency: 1, renderConcurrency: 1 },
      { beforeSend: async () => void mailed++ },
    );
    const owner = await person(t, 'creator');
    const uploadIds: number[] = [];
    for (const name of ['a.png', 'b.png']) {
      const row = await insertUpload(t.app.deps.db, {
        key: newUploadKey(UploadType.PAGE, 'png'),
        userId: owner.id,
        type: UploadType.PAGE,
        filename: name,
        ext: 'png',
        size: 1,
        attachedAt: new Date(),
      });
      uploadIds.push(row.id);
    }
    // Renders that never get their original, as from a store that hangs: they keep their slot.
    t.app.deps.storage.get = () => new Promise(() => {});
    await t.app.deps.jobs.send(
      'render-page',
      uploadIds.map((uploadId) => ({ uploadId })),
    );
    await until(async () => (await renderStates(t)).includes('active'));
    const before = mailed;
    expect((await call(t, contract.accounts.register, creatorBody())).http).toBe(200);
    await until(() => mailed === before + 1);
    // One render holds the only render slot and the other waits for it; the mail waited for neither.
    expect(await renderStates(t)).toEqual(['active', 'created']);
  }, 30_000);
});

async function renderStates(t: TestApp): Promise<string[]> {
  const { rows } = await t.app.deps.db.execute<{ state: string }>(
    sql`select state::text from pgboss.job where name = 'render-page'`,
  );
  return rows.map((r) => r.state).sort();
}
