import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../lib/crypto-tokens.js';
import { creatorBody, get, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sessions } from './accounts.table.js';
import { SESSION_PURGE_INTERVAL_MS, sessionPurgePlugin } from './session-purge.js';

let t: TestApp;
let userId: number;
let liveToken: string;

beforeAll(async () => {
  t = await createTestApp();
  liveToken = (await signUpAndLogin(t, creatorBody())).token;
  const [row] = await t.app.deps.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(liveToken)));
  userId = row?.userId ?? 0;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
/** A session row of the user that expired a minute ago (a device not used for 30 days). */
async function expiredSession(): Promise<string> {
  counter += 1;
  const tokenHash = hashToken(`expired-${counter}`);
  await t.app.deps.db
    .insert(sessions)
    .values({ tokenHash, userId, expiresAt: new Date(Date.now() - 60_000) });
  return tokenHash;
}

async function exists(tokenHash: string): Promise<boolean> {
  const rows = await t.app.deps.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return rows.length === 1;
}

/** Waits (on real time) until `check` holds: the purge runs its query in the background. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('expired sessions', () => {
  it('are deleted when the server starts and every hour after, while live sessions stay usable', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const beforeStart = await expiredSession();
    // The purge as the server runs it, on the test database.
    const server = Fastify({ logger: false });
    server.decorate('deps', t.app.deps);
    await server.register(sessionPurgePlugin);
    await server.ready();
    expect(await exists(beforeStart)).toBe(false);

    const withinTheHour = await expiredSession();
    await vi.advanceTimersByTimeAsync(SESSION_PURGE_INTERVAL_MS - 1_000);
    expect(await exists(withinTheHour)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await eventually(async () => !(await exists(withinTheHour)));

    // Closed: no purge runs any more.
    await server.close();
    const afterClose = await expiredSession();
    await vi.advanceTimersByTimeAsync(2 * SESSION_PURGE_INTERVAL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(afterClose)).toBe(true);

    // The live session was kept all along and still logs in.
    expect(await exists(hashToken(liveToken))).toBe(true);
    expect((await get(t, '/api/cartoonser/index', liveToken)).http).toBe(200);
  });

  it('are purged by the application itself: the plugin is registered', () => {
    expect(t.app.hasPlugin('koma-session-purge')).toBe(true);
  });
});
