import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COOKIE, LIMITS, LiveEvent, MESSAGES, ReplyState, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from './test/s3-server.js';
import { parseMail } from './test/smtp-sink.js';
import { createThrowawayDatabase } from './test/test-app.js';

/**
 * Two real server processes behind no load balancer at all, sharing one PostgreSQL database and
 * one S3 server (s3rver), each with its own data folder: whatever one instance did, the other
 * must see. Needs a PostgreSQL server, so it runs in CI's second pass (TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const serverFile = path.join(import.meta.dirname, 'server.ts');
const json = { 'content-type': 'application/json' };

/** Settings the parent's environment must not leak into the instances. */
const OWN_SETTINGS =
  /^(DATABASE_URL|S3_.*|SMTP_URL|PUBLIC_URL|TRUST_PROXY|RATE_LIMIT_MULTIPLIER|PORT|HOST|DATA_DIR|LOG_LEVEL)$/;

interface Instance {
  name: string;
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** What the process wrote (warnings and errors at LOG_LEVEL=warn), shown when a test fails. */
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `koma-${name}-`));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, base: `http://127.0.0.1:${port}`, dataDir, child, output };
}

/** Waits for /api/ready (database and storage reachable); fails at once if the process died. */
async function waitReady(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`${instance.name} exited (${instance.child.exitCode}):\n${instance.output.join('')}`);
    }
    const ok = await fetch(`${instance.base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} not ready in ${timeoutMs} ms:\n${instance.output.join('')}`);
}

/** SIGTERM, then SIGKILL if it lingers: no process outlives the test run. */
async function stopInstance(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

type Reply = { http: number; body: { status: number; info: string; data: any }; headers: Headers };

async function call(
  instance: Instance,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  token?: string,
) {
  const res = await fetch(`${instance.base}${url}`, {
    method,
    headers: { ...(payload === undefined ? {} : json), ...(token ? { token } : {}) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { http: res.status, body: await res.json(), headers: res.headers } as Reply;
}

/** The mails to `email` the instances wrote into their data folders. */
function mailsTo(instances: Instance[], email: string): string[] {
  return instances.flatMap((instance) => {
    const mailDir = path.join(instance.dataDir, 'mail');
    if (!fs.existsSync(mailDir)) return [];
    return fs
      .readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => parseMail(fs.readFileSync(path.join(mailDir, f), 'utf8')))
      .filter((mail) => mail.headers.get('to')?.toLowerCase().includes(email.toLowerCase()))
      .map((mail) => mail.text);
  });
}

/**
 * The token of the completion link mailed to `email` (a .eml in a data folder): the mail is a job,
 * sent just after the request by whichever of `instances` took it.
 */
async function mailedToken(instances: Instance[], email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = mailsTo(instances, email)
      .at(-1)
      ?.match(/registration\/complete\?token=([A-Za-z0-9_-]+)/);
    if (link?.[1]) return link[1];
    if (Date.now() > deadline) throw new Error(`no completion link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let people = 0;
/** Signs up on `registerOn`, completes on `completeOn` (shared mail tokens), returns the login body. */
async function signUp(registerOn: Instance, completeOn: Instance) {
  people += 1;
  const email = `multi${people}-${process.pid}@example.com`;
  const password = 'manga-2025';
  const reg = await call(registerOn, 'POST', contract.accounts.register.path, {
    nickname: `二台${people}`,
    email,
    password,
    type: [1],
    loginAttr: 2,
    medias: [1],
    typebigs: [1],
  });
  expect(reg.http).toBe(200);
  const done = await call(completeOn, 'POST', contract.accounts.completeRegistration.path, {
    token: await mailedToken([registerOn, completeOn], email),
  });
  expect(done.http).toBe(200);
  return { username: email, password };
}

async function login(instance: Instance, credentials: { username: string; password: string }) {
  const res = await call(instance, 'POST', contract.accounts.login.path, credentials);
  expect(res.http).toBe(200);
  return res.body.data.token as string;
}

/** An open live-events stream (what a browser tab keeps), collecting what arrives. */
async function openStream(instance: Instance, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${instance.base}/api/notice/stream`, {
    headers: { cookie: `${COOKIE.token}=${token}` },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Resolves with the time it arrived once `pattern` shows in the stream. */
  async function waitFor(pattern: RegExp, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(text)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${pattern} on the stream within ${timeoutMs} ms; got ${JSON.stringify(text)}`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk?.done) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
      if (chunk?.value) text += decoder.decode(chunk.value, { stream: true });
    }
    return Date.now();
  }
  // The server subscribes before it writes its first line: from then on nothing is missed.
  await waitFor(/^retry: /m, 5_000);
  return { waitFor, close: () => controller.abort() };
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL database and one S3 store', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  let s3: TestS3Server | undefined;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  // Whatever happens to the test run, the servers go with it.
  const killAll = () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
  };

  beforeAll(async () => {
    process.once('exit', killAll);
    database = await createThrowawayDatabase(serverUrl as string);
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: database.url,
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Both start at once: the migrations take turns under their advisory lock.
    a = await startInstance('a', env);
    instances.push(a);
    b = await startInstance('b', env);
    instances.push(b);
    await Promise.all([waitReady(a, 40_000), waitReady(b, 40_000)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    process.off('exit', killAll);
    await s3?.close();
    await database?.drop();
  }, 30_000);

  let alice: { username: string; password: string };
  let aliceToken: string;
  let bob: { username: string; password: string };
  let bobToken: string;

  it('takes a session made on A on B, and a mail link sent by A on B', async () => {
    alice = await signUp(a, b);
    aliceToken = await login(a, alice);
    const me = await call(b, 'GET', contract.profiles.me.path, undefined, aliceToken);
    expect(me.http).toBe(200);
    expect(me.body.data.email).toBe(alice.username);
    bob = await signUp(b, a);
    bobToken = await login(b, bob);
    expect((await call(a, 'GET', contract.profiles.me.path, undefined, bobToken)).body.data.email).toBe(
      bob.username,
    );
    // Logged out on B: the session is gone on A too.
    const spare = await login(a, alice);
    expect((await call(b, 'GET', contract.accounts.logout.path, undefined, spare)).http).toBe(200);
    expect((await call(a, 'GET', contract.profiles.me.path, undefined, spare)).http).toBe(401);
  });

  it('sends each mail once, by whichever instance takes its job', async () => {
    const emails = Array.from({ length: 3 }, (_, i) => `once${i}-${process.pid}@example.com`);
    for (const [i, email] of emails.entries()) {
      const reg = await call(i % 2 ? b : a, 'POST', contract.accounts.register.path, {
        nickname: `一通${i}`,
        email,
        password: 'manga-2025',
        type: [1],
        loginAttr: 2,
        medias: [1],
        typebigs: [1],
      });
      expect(reg.http).toBe(200);
    }
    for (const email of emails) await mailedToken([a, b], email);
    // Both instances poll the one queue: a second send would show by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(emails.map((email) => mailsTo([a, b], email).length)).toEqual([1, 1, 1]);
  });

  it('serves through B a file uploaded on A (stored in the shared S3 bucket)', async () => {
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('type', String(UploadType.AVATAR));
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    const res = await fetch(`${a.base}/api/uploadFile/upload`, {
      method: 'POST',
      headers: { token: aliceToken },
      body: form,
    });
    expect(res.status).toBe(200);
    const { path: filePath } = ((await res.json()) as { data: { path: string } }).data;
    const key = filePath.replace(/^\/api\/files\//, '');
    expect(await s3?.objectKeys()).toContain(key);
    const download = await fetch(`${b.base}${filePath}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    // Nothing under either instance's own data folder: the files are in the bucket only.
    for (const instance of [a, b])
      expect(fs.existsSync(path.join(instance.dataDir, 'files', key))).toBe(false);
  });

  it('pushes a notice caused on B to a live stream open on A within a second', async () => {
    const bobId = (await call(b, 'GET', contract.profiles.me.path, undefined, bobToken)).body.data
      .id as number;
    const aliceStream = await openStream(a, aliceToken);
    const bobStream = await openStream(b, bobToken);
    try {
      // Alice asks on A: Bob's tab, open on B, hears of it.
      const asked = Date.now();
      const apply = await call(
        a,
        'POST',
        contract.friends.apply.path,
        { toUid: bobId, message: 'よろしく' },
        aliceToken,
      );
      expect(apply.http).toBe(200);
      expect(
        (await bobStream.waitFor(new RegExp(`^event: ${LiveEvent.FRIEND_REQUEST}$`, 'm'), 1_000)) - asked,
      ).toBeLessThan(1_000);
      // Bob agrees on B: the notice is stored and Alice's tab, open on A, is told.
      const wanted = await call(b, 'POST', contract.friends.requests.path, {}, bobToken);
      const msgId = wanted.body.data.list[0].msgId as number;
      const agreed = Date.now();
      const deal = await call(
        b,
        'POST',
        contract.friends.deal.path,
        { msgId, state: ReplyState.AGREE, message: '' },
        bobToken,
      );
      expect(deal.http).toBe(200);
      const heard = await aliceStream.waitFor(new RegExp(`^event: ${LiveEvent.NOTICE}$`, 'm'), 1_000);
      expect(heard - agreed).toBeLessThan(1_000);
      const notices = await call(
        a,
        'POST',
        contract.notices.list.path,
        { page: 1, pageSize: 10 },
        aliceToken,
      );
      expect(notices.body.data.unread).toBe(1);
    } finally {
      aliceStream.close();
      bobStream.close();
    }
  });

  it('counts the live streams of one account across both instances', async () => {
    const token = await login(a, await signUp(a, b));
    const tryStream = (instance: Instance) =>
      fetch(`${instance.base}/api/notice/stream`, { headers: { cookie: `${COOKIE.token}=${token}` } });
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (let i = 0; i < LIMITS.liveStreamsPerAccount; i++)
        streams.push(await openStream(i % 2 ? b : a, token));
      for (const instance of [a, b]) {
        const refused = await tryStream(instance);
        expect(refused.status).toBe(429);
        expect(((await refused.json()) as { info: string }).info).toBe(MESSAGES.ja.liveStreamsFull);
      }
      // A tab closed on A frees a slot for a tab on B (released just after the close).
      streams.shift()?.close();
      let reopened = await tryStream(b);
      for (let i = 0; reopened.status !== 200 && i < 40; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reopened = await tryStream(b);
      }
      expect(reopened.status).toBe(200);
      await reopened.body?.cancel();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('counts one rate limit across both instances', async () => {
    // The login route allows 30 a minute per address; each answer tells how many are left.
    const stranger = (i: number) => ({ username: `stranger${i}@example.com`, password: 'whatever-1' });
    const first = await call(a, 'POST', contract.accounts.login.path, stranger(0));
    expect(first.http).toBe(400);
    let left = Number(first.headers.get('x-ratelimit-remaining'));
    expect(left).toBeGreaterThan(2);
    for (let i = 1; left > 0; i++) {
      const res = await call(i % 2 ? b : a, 'POST', contract.accounts.login.path, stranger(i));
      expect(res.http).toBe(400);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(left - 1);
      left -= 1;
    }
    for (const instance of [a, b]) {
      const refused = await call(instance, 'POST', contract.accounts.login.path, alice);
      expect(refused.http).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
