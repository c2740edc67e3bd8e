import rateLimit from '@fastify/rate-limit';
import { MESSAGES, RATE_LIMITS } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import {
  createRateLimiters,
  instanceLimiters,
  type LimitsClient,
  type RateLimiters,
} from '../../infra/rate-limiters.js';
import { creatorBody, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { attemptLimiter } from './attempt-limiter.js';
import { rateLimitStore } from './rate-limit-store.js';
import { rateLimits } from './rate-limits.table.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The caller's own profile (the load suite's `index` call): limited by the global limit only. */
const indexCall = (t: Pick<TestApp, 'app'>, token: string) =>
  t.app.inject({ method: 'GET', url: contract.profiles.me.path, headers: { token } });
const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);
const quiet = { warn: () => {} };
const inMemory = () => createRateLimiters(undefined, quiet);
const shared = !!process.env.TEST_DATABASE_URL;

/** A bare server with one limited route counting with `routes`, the global limit per instance as in the app. */
async function limitedServer(routes: RateLimiters): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, {
    global: true,
    max: 100,
    timeWindow: 60_000,
    store: rateLimitStore({ global: instanceLimiters, routes }),
  });
  app.get('/a', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'a');
  app.get('/b', async () => 'b');
  await app.ready();
  return app;
}

describe('in memory (the embedded mode)', () => {
  it('blocks attempts past the limit, forgets them after the window or a reset', async () => {
    vi.useFakeTimers();
    try {
      const limiter = attemptLimiter(inMemory()('attempts', { max: 2, windowMs: 100 }));
      expect([await limiter.hit('a'), await limiter.hit('a'), await limiter.hit('a')]).toEqual([
        true,
        true,
        false,
      ]);
      expect(await limiter.isBlocked('a')).toBe(true);
      expect(await limiter.isBlocked('b')).toBe(false);
      vi.advanceTimersByTime(100);
      expect(await limiter.isBlocked('a')).toBe(false);
      expect(await limiter.hit('a')).toBe(true);
      await limiter.hit('a');
      await limiter.reset('a');
      expect(await limiter.isBlocked('a')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a route’s own limit apart from the global one, with the plugin’s headers', async () => {
    const app = await limitedServer(inMemory());
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await app.inject('/a')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await app.inject('/a');
      expect(limited.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
      expect((await app.inject('/b')).headers['x-ratelimit-remaining']).toBe('99');
    } finally {
      await app.close();
    }
  });

  it('refuses the options fixed windows do not implement', async () => {
    const app = Fastify();
    await expect(
      app.register(rateLimit, {
        continueExceeding: true,
        store: rateLimitStore({ global: inMemory(), routes: inMemory() }),
      }),
    ).rejects.toThrow(/continueExceeding/);
  });
});

describe('while the database fails', () => {
  it('counts in memory (the insurance limiter) and tells the log: requests go through up to the limit', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg) };
    const broken: LimitsClient = {
      query: async () => {
        throw new Error('database down');
      },
    };
    const app = Fastify();
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore({ global: inMemory(), routes: createRateLimiters(broken, log) }),
    });
    app.get('/', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => 'ok');
    try {
      expect((await app.inject('/')).statusCode).toBe(200);
      expect((await app.inject('/')).statusCode).toBe(200);
      expect(warnings).toEqual(['rate limit count failed', 'rate limit count failed']);
      expect((await app.inject('/')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the global flood limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 1 });
  });
  afterAll(() => t?.close());

  it('answers 429 with the usual envelope once one client is past its max', async () => {
    // A public call with no limit of its own (the sign-up form's lists).
    const lists = () => t.app.inject({ method: 'GET', url: contract.reference.lists.path });
    const codes = new Set<number>();
    for (let i = 0; i < RATE_LIMITS.global.max; i++) codes.add((await lists()).statusCode);
    expect([...codes]).toEqual([200]);
    const refused = await lists();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, info: MESSAGES.ja.tooManyRequests });
  });
});

// PostgreSQL only (CI's second pass): the embedded mode counts in memory (infra/rate-limiters.ts).
describe.skipIf(!shared)('shared by the instances of one PostgreSQL database', () => {
  let t: TestApp;
  let database: Database;
  /** The limiters of another instance on the same database. */
  let otherInstance: () => RateLimiters;
  beforeAll(async () => {
    t = await createTestApp();
    database = await openDatabase(t.config);
    otherInstance = () => createRateLimiters(database.pool, quiet);
  });
  afterAll(async () => {
    await database?.close();
    await t?.close();
  });

  /** Each counter's points in the table, by key. */
  async function tableCounts(): Promise<Map<string, number>> {
    const rows = await t.app.deps.db.select().from(rateLimits);
    return new Map(rows.map((row) => [row.key, row.points]));
  }

  /** The counters an action wrote to the table, by limit name (`ip` is a route's own limit). */
  async function countedBy(action: () => Promise<unknown>): Promise<string[]> {
    const before = await tableCounts();
    await action();
    const after = await tableCounts();
    const counted = [...after.keys()].filter((key) => after.get(key) !== before.get(key));
    return counted.map((key) => key.split(':')[0] ?? key).sort();
  }

  it('writes nothing to the table for requests under the global limit; logins, sign-ups and mails count there', async () => {
    const { token, body } = await signUpAndLogin(t);
    const index = async () => {
      for (let i = 0; i < 20; i++) expect((await indexCall(t, token)).statusCode).toBe(200);
    };
    expect(await countedBy(index)).toEqual([]);

    const wrongLogin = () =>
      call(t, contract.accounts.login, { username: body.email, password: 'wrong-pass-1' });
    // The login route's pace and the three failure counts.
    expect(await countedBy(wrongLogin)).toEqual(['ip', 'login', 'login-ip', 'login-pair']);
    const signUp = () => call(t, contract.accounts.register, creatorBody());
    expect(await countedBy(signUp)).toEqual(['ip', 'mail']);
    const forgot = () => call(t, contract.accounts.forgotPassword, { email: body.email });
    expect(await countedBy(forgot)).toEqual(['ip', 'mail']);
  });

  it('counts every one of many concurrent hits (one atomic upsert each)', async () => {
    const limiter = t.app.deps.limiters('burst', { max: 1_000, windowMs: 60_000 });
    const counts = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('k')));
    expect(counts.map((c) => c.consumedPoints).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('counts hits in a fixed window, then starts a new one', async () => {
    const limiter = t.app.deps.limiters('window', { max: 10, windowMs: 300 });
    const first = await limiter.consume('k1');
    expect(first.consumedPoints).toBe(1);
    expect(first.msBeforeNext).toBeGreaterThan(200);
    expect(first.msBeforeNext).toBeLessThanOrEqual(300);
    expect((await otherInstance()('window', { max: 10, windowMs: 300 }).consume('k1')).consumedPoints).toBe(
      2,
    );
    await sleep(350);
    expect(await limiter.get('k1')).toBeNull();
    expect((await limiter.consume('k1')).consumedPoints).toBe(1);
  });

  it('gives attempt limiters the same answers, shared by every limiter of one name', async () => {
    const limit = { max: 2, windowMs: 60_000 };
    const one = attemptLimiter(t.app.deps.limiters('login', limit));
    const another = attemptLimiter(otherInstance()('login', limit));
    const mails = attemptLimiter(t.app.deps.limiters('mail', limit));
    expect(await one.hit('x@example.com')).toBe(true);
    expect(await another.hit('x@example.com')).toBe(true);
    expect(await one.isBlocked('x@example.com')).toBe(true);
    expect(await another.hit('x@example.com')).toBe(false);
    expect(await mails.isBlocked('x@example.com')).toBe(false);
    await another.reset('x@example.com');
    expect(await one.isBlocked('x@example.com')).toBe(false);
  });

  it('counts one route’s limit across servers, apart from the global limit', async () => {
    const one = await limitedServer(otherInstance());
    const two = await limitedServer(otherInstance());
    try {
      const codes = [];
      for (const app of [one, two, one, two]) codes.push((await app.inject('/a')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await two.inject('/a');
      expect(limited.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
      const other = await one.inject('/b');
      expect(other.statusCode).toBe(200);
      expect(other.headers['x-ratelimit-remaining']).toBe('99');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('share the per-address login limit and the per-e-mail one between two applications, each counting its own flood limit', async () => {
    const a = await createTestApp({ rateLimitMultiplier: 1 });
    const db = await openDatabase(a.config);
    const b = {
      ...a,
      app: await buildApp({ config: a.config, database: db, mailer: { send: async () => {} } }),
    };
    try {
      const { body, token } = await signUpAndLogin(a, creatorBody());
      // The global limit counts on each instance: b's first request is its first.
      expect(remaining(await indexCall(a, token))).toBe(RATE_LIMITS.global.max - 1);
      expect(remaining(await indexCall(a, token))).toBe(RATE_LIMITS.global.max - 2);
      expect(remaining(await indexCall(b, token))).toBe(RATE_LIMITS.global.max - 1);
      // 10 wrong passwords, alternating instances, block the address for this client on both
      // (loginFailuresPerClientAndEmail: 10).
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 ? b : a, contract.accounts.login, {
          username: body.email,
          password: `wrong-${i}x`,
        });
        expect(res.http).toBe(400);
      }
      const right = { username: body.email, password: body.password };
      expect((await call(b, contract.accounts.login, right)).http).toBe(429);
      expect((await call(a, contract.accounts.login, right)).http).toBe(429);
      // The login route allows 30 a minute per address, counted on both instances: 13 so far.
      for (let i = 0; i < 17; i++) {
        const stranger = { username: `nobody${i}@example.com`, password: 'whatever-1' };
        expect((await call(i % 2 ? a : b, contract.accounts.login, stranger)).http).toBe(400);
      }
      const stranger = { username: 'nobody@example.com', password: 'whatever-1' };
      expect((await call(a, contract.accounts.login, stranger)).http).toBe(429);
      expect((await call(b, contract.accounts.login, stranger)).http).toBe(429);
    } finally {
      await b.app.close();
      await db.close();
      await a.close();
    }
  });
});
