import rateLimit from '@fastify/rate-limit';
import { contract } from '@koma/shared/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Db, openDatabase } from '../../db/client.js';
import { MemoryAttemptLimiter } from '../../lib/attempt-limiter.js';
import { creatorBody, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { HitBatcher } from './hit-batcher.js';
import {
  countHit,
  countHits,
  deleteCount,
  deleteExpiredCounts,
  readCount,
} from './rate-limits.repository.js';
import { createAttemptLimiter, postgresRateLimitStore } from './rate-limits.service.js';
import { rateLimits } from './rate-limits.table.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The table and its upsert run on either engine (PGlite here, PostgreSQL in CI's second pass).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('rate limit counts in the database', () => {
  it('counts hits in a fixed window, then starts a new one', async () => {
    const db = t.app.deps.db;
    expect(await readCount(db, 'k1')).toEqual({ hits: 0, ttlMs: 0 });
    const first = await countHit(db, 'k1', 300);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(200);
    expect(first.ttlMs).toBeLessThanOrEqual(300);
    expect((await countHit(db, 'k1', 300)).hits).toBe(2);
    expect((await countHit(db, 'k2', 300)).hits).toBe(1);
    expect((await readCount(db, 'k1')).hits).toBe(2);
    await sleep(350);
    expect(await readCount(db, 'k1')).toEqual({ hits: 0, ttlMs: 0 });
    const again = await countHit(db, 'k1', 60_000);
    expect(again.hits).toBe(1);
    expect(again.ttlMs).toBeGreaterThan(59_000);
    await deleteCount(db, 'k1');
    expect((await readCount(db, 'k1')).hits).toBe(0);
  });

  it('counts every one of many concurrent hits (one atomic upsert each)', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => countHit(t.app.deps.db, 'burst', 60_000)),
    );
    expect(counts.map((c) => c.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('cleans up ended windows only', async () => {
    const db = t.app.deps.db;
    await countHit(db, 'short', 1);
    await countHit(db, 'long', 60_000);
    await sleep(20);
    await deleteExpiredCounts(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('long');
    expect(keys).not.toContain('short');
  });
});

describe('the global limit counted in batches', () => {
  it('counts many keys in one statement, in the same fixed windows', async () => {
    const db = t.app.deps.db;
    await countHit(db, 'many-a', 60_000);
    const totals = await countHits(db, [
      { key: 'many-a', count: 4, windowMs: 60_000 },
      { key: 'many-b', count: 2, windowMs: 60_000 },
    ]);
    expect(totals.map((c) => [c.key, c.hits])).toEqual([
      ['many-a', 5],
      ['many-b', 2],
    ]);
    expect(totals[1]?.ttlMs).toBeGreaterThan(59_000);
    expect(await countHits(db, [])).toEqual([]);
  });

  it('counts the first hit at once, the next ones in memory, and writes them when it flushes', async () => {
    const db = t.app.deps.db;
    const batcher = new HitBatcher(db);
    expect((await batcher.hit('batch', 60_000, 100)).hits).toBe(1);
    expect((await readCount(db, 'batch')).hits).toBe(1);
    const next = [];
    for (let i = 0; i < 4; i++) next.push((await batcher.hit('batch', 60_000, 100)).hits);
    expect(next).toEqual([2, 3, 4, 5]);
    expect((await readCount(db, 'batch')).hits).toBe(1);
    await batcher.close();
    expect((await readCount(db, 'batch')).hits).toBe(5);
  });

  it('counts every hit in the database from half the limit on, with the ones still waiting', async () => {
    const db = t.app.deps.db;
    const batcher = new HitBatcher(db);
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push((await batcher.hit('near', 60_000, 6)).hits);
    expect(hits).toEqual([1, 2, 3, 4, 5]);
    // 1 at once, 2 and 3 in memory (≤ half of 6), 4 with the waiting ones, 5 at once.
    expect((await readCount(db, 'near')).hits).toBe(5);
    await batcher.close();
  });

  it('shares the counts of several instances', async () => {
    const db = t.app.deps.db;
    const one = new HitBatcher(db);
    const two = new HitBatcher(db);
    await one.hit('both', 60_000, 1_000);
    await one.hit('both', 60_000, 1_000);
    // The second instance starts from the table: one's first hit, and its own.
    expect((await two.hit('both', 60_000, 1_000)).hits).toBe(2);
    await one.close();
    await two.close();
    expect((await readCount(db, 'both')).hits).toBe(3);
    // After a write each instance knows the shared total.
    const three = new HitBatcher(db);
    expect((await three.hit('both', 60_000, 1_000)).hits).toBe(4);
    await three.close();
  });

  it('starts a new window when the old one ended', async () => {
    let now = 1_000_000;
    const batcher = new HitBatcher(t.app.deps.db, undefined, () => now);
    await batcher.hit('ends', 100, 1_000);
    expect((await batcher.hit('ends', 100, 1_000)).hits).toBe(2);
    await batcher.close();
    await sleep(150);
    now += 150;
    expect((await batcher.hit('ends', 100, 1_000)).hits).toBe(1);
    await batcher.close();
  });
});

describe('attempt limiters', () => {
  it('in memory: blocks past the limit, forgets after the window or a reset', async () => {
    let now = 1_000;
    const limiter = new MemoryAttemptLimiter(2, 100, () => now);
    expect([await limiter.hit('a'), await limiter.hit('a'), await limiter.hit('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.isBlocked('a')).toBe(true);
    expect(await limiter.isBlocked('b')).toBe(false);
    now += 100;
    expect(await limiter.isBlocked('a')).toBe(false);
    expect(await limiter.hit('a')).toBe(true);
    await limiter.hit('a');
    await limiter.reset('a');
    expect(await limiter.isBlocked('a')).toBe(false);
  });

  it('in the database: the same answers, shared by every limiter on it', async () => {
    const deps = { db: t.app.deps.db, config: { databaseUrl: 'postgres://shared' } };
    const one = createAttemptLimiter(deps, 'login', { max: 2, windowMs: 60_000 });
    const other = createAttemptLimiter(deps, 'login', { max: 2, windowMs: 60_000 });
    const mails = createAttemptLimiter(deps, 'mail', { max: 2, windowMs: 60_000 });
    expect(await one.hit('x@example.com')).toBe(true);
    expect(await other.hit('x@example.com')).toBe(true);
    expect(await one.isBlocked('x@example.com')).toBe(true);
    expect(await other.hit('x@example.com')).toBe(false);
    expect(await mails.isBlocked('x@example.com')).toBe(false);
    await other.reset('x@example.com');
    expect(await one.isBlocked('x@example.com')).toBe(false);
  });
});

describe('the @fastify/rate-limit store', () => {
  /** A bare server with one limited route, counting in the shared table. */
  async function limitedServer(): Promise<FastifyInstance> {
    const app = Fastify();
    await app.register(rateLimit, {
      global: true,
      max: 100,
      timeWindow: 60_000,
      store: postgresRateLimitStore(t.app.deps.db),
    });
    app.get('/a', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'a');
    app.get('/b', async () => 'b');
    await app.ready();
    return app;
  }

  it('counts one route’s limit across servers, apart from the global limit', async () => {
    const one = await limitedServer();
    const two = await limitedServer();
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

  it('reports a failed count to the plugin and the log (the app then lets the request through)', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg) } as unknown as FastifyBaseLogger;
    const broken = {
      insert: () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    const app = Fastify();
    await app.register(rateLimit, {
      max: 1,
      timeWindow: 60_000,
      skipOnError: true,
      store: postgresRateLimitStore(broken, log),
    });
    app.get('/', async () => 'ok');
    try {
      expect((await app.inject('/')).statusCode).toBe(200);
      expect((await app.inject('/')).statusCode).toBe(200);
      expect(warnings).toEqual(['rate limit count failed', 'rate limit count failed']);
    } finally {
      await app.close();
    }
  });

  it('refuses the options a fixed-window upsert does not implement', async () => {
    const app = Fastify();
    await expect(
      app.register(rateLimit, { continueExceeding: true, store: postgresRateLimitStore(t.app.deps.db) }),
    ).rejects.toThrow(/continueExceeding/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two applications on one PostgreSQL database', () => {
  it('share the per-address login limit and the per-e-mail one', async () => {
    const a = await createTestApp({ rateLimitMultiplier: 1 });
    const database = await openDatabase(a.config);
    const b = { ...a, app: await buildApp({ config: a.config, database, mailer: { send: async () => {} } }) };
    try {
      const { body } = await signUpAndLogin(a, creatorBody());
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
      await database.close();
      await a.close();
    }
  });
});
