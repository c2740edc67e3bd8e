import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { createThrowawayDatabase } from '../test/test-app.js';
import type { LiveMessage } from './live-bus.js';
import { createPostgresLiveBus, type PostgresLiveBus } from './postgres-live-bus.js';

/** Runs on a real PostgreSQL server only (CI's second pass); PGlite has no LISTEN across processes. */
const serverUrl = process.env.TEST_DATABASE_URL;

interface Logged {
  level: string;
  msg: string;
}

function recordingLog(into: Logged[]) {
  const at = (level: string) => (_obj: object, msg: string) => void into.push({ level, msg });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** Everything a subscription received. */
function inbox(bus: PostgresLiveBus, userId: number) {
  const got: LiveMessage[] = [];
  const stop = bus.subscribe(userId, (m) => got.push(m));
  return { got, stop };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)('PostgreSQL live bus (LISTEN/NOTIFY)', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let databases: Database[] = [];
  let buses: PostgresLiveBus[] = [];
  const logged: Logged[] = [];

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl as string);
  });
  afterEach(async () => {
    for (const bus of buses) await bus.close();
    for (const database of databases) await database.close().catch(() => {});
    buses = [];
    databases = [];
    logged.length = 0;
  });
  afterAll(async () => {
    await throwaway?.drop();
  });

  /** One "instance": its own pool and its own listening connection, on the shared database. */
  async function instance(): Promise<{ bus: PostgresLiveBus; database: Database }> {
    const database = await openDatabase(testConfig({ databaseUrl: throwaway.url }));
    databases.push(database);
    const bus = createPostgresLiveBus({
      url: throwaway.url,
      db: database.db,
      log: recordingLog(logged),
      retry: { firstMs: 20, maxMs: 200 },
    });
    buses.push(bus);
    await bus.start();
    expect(bus.listening).toBe(true);
    return { bus, database };
  }

  it('delivers to every instance, to the publisher’s own subscribers exactly once', async () => {
    const a = await instance();
    const b = await instance();
    const onA = inbox(a.bus, 1);
    const onB = inbox(b.bus, 1);
    const otherUser = inbox(b.bus, 2);
    a.bus.publish(1, { event: 'chapter', data: { projectId: 3, chapterId: 4 } });
    // Locally at once, without waiting for the database.
    expect(onA.got).toEqual([{ event: 'chapter', data: { projectId: 3, chapterId: 4 } }]);
    await vi.waitFor(() => expect(onB.got).toHaveLength(1), { timeout: 1_000, interval: 5 });
    expect(onB.got[0]).toEqual({ event: 'chapter', data: { projectId: 3, chapterId: 4 } });
    b.bus.publish(1, { event: 'notice' });
    await vi.waitFor(() => expect(onA.got).toHaveLength(2), { timeout: 1_000, interval: 5 });
    expect(onA.got[1]).toEqual({ event: 'notice' });
    // Nothing comes twice (the own NOTIFY returning is skipped) and nothing to the wrong user.
    await settle();
    expect(onA.got).toHaveLength(2);
    expect(onB.got).toHaveLength(2);
    expect(otherUser.got).toEqual([]);
  });

  it('keys subscriptions by user; unsubscribing stops only that subscription', async () => {
    const a = await instance();
    const b = await instance();
    const tab1 = inbox(b.bus, 7);
    const tab2 = inbox(b.bus, 7);
    const failing = b.bus.subscribe(7, () => {
      throw new Error('a broken stream');
    });
    a.bus.publish(7, { event: 'board', data: { projectId: 1 } });
    await vi.waitFor(() => expect(tab2.got).toHaveLength(1), { timeout: 1_000, interval: 5 });
    expect(tab1.got).toHaveLength(1);
    expect(logged.some((l) => l.msg.includes('subscriber failed'))).toBe(true);
    tab1.stop();
    tab1.stop(); // twice is harmless
    failing();
    a.bus.publish(7, { event: 'board', data: { projectId: 2 } });
    await vi.waitFor(() => expect(tab2.got).toHaveLength(2), { timeout: 1_000, interval: 5 });
    expect(tab1.got).toHaveLength(1);
  });

  it('tells many users in as few NOTIFYs as fit, each of them once', async () => {
    const a = await instance();
    const b = await instance();
    // 3,000 ids of five digits are about 18,000 bytes: three NOTIFYs at least, split between users.
    const team = Array.from({ length: 3_000 }, (_, i) => 10_000 + i);
    const inboxes = team.map((userId) => inbox(b.bus, userId));
    const outsider = inbox(b.bus, 9_999);
    const statements = vi.spyOn(a.database.db, 'execute');
    a.bus.publish([...team, team[0] as number], { event: 'board', data: { projectId: 5 } });
    await a.bus.flush();
    expect(statements.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(statements.mock.calls.length).toBeLessThanOrEqual(4);
    await vi.waitFor(() => expect(inboxes.every((i) => i.got.length === 1)).toBe(true), {
      timeout: 2_000,
      interval: 10,
    });
    await settle();
    expect(inboxes.every((i) => i.got.length === 1)).toBe(true);
    expect(inboxes[2_999]?.got[0]).toEqual({ event: 'board', data: { projectId: 5 } });
    expect(outsider.got).toEqual([]);
  });

  it('sends an event whose data exceeds the NOTIFY limit without its data, locally with it', async () => {
    const a = await instance();
    const b = await instance();
    const onA = inbox(a.bus, 1);
    const onB = inbox(b.bus, 1);
    const data = { text: 'あ'.repeat(3_000) }; // 9,000 bytes in UTF-8
    a.bus.publish(1, { event: 'board', data });
    expect(onA.got).toEqual([{ event: 'board', data }]);
    await vi.waitFor(() => expect(onB.got).toEqual([{ event: 'board' }]), { timeout: 1_000, interval: 5 });
    expect(logged.some((l) => l.level === 'warn' && l.msg.includes('too large'))).toBe(true);
  });

  it('reconnects with backoff when the listening connection is killed, and never crashes', async () => {
    const a = await instance();
    const b = await instance();
    const onB = inbox(b.bus, 5);
    const admin = new pg.Client({ connectionString: throwaway.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'koma-live' and datname = current_database()`,
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(logged.some((l) => l.msg.includes('lost the LISTEN'))).toBe(true));
    await Promise.all([a.bus.whenListening(), b.bus.whenListening()]);
    await vi.waitFor(() => expect(a.bus.listening && b.bus.listening).toBe(true));
    a.bus.publish(5, { event: 'notice' });
    await vi.waitFor(() => expect(onB.got).toEqual([{ event: 'notice' }]), { timeout: 1_000, interval: 5 });
    expect(logged.some((l) => l.msg.includes('listening on PostgreSQL again'))).toBe(true);
  });

  it('still delivers locally when NOTIFY fails, and starts without a reachable server', async () => {
    const a = await instance();
    const onA = inbox(a.bus, 1);
    await a.database.close(); // the pool is gone: NOTIFY fails
    a.bus.publish(1, { event: 'notice' });
    expect(onA.got).toEqual([{ event: 'notice' }]);
    await vi.waitFor(() =>
      expect(logged.some((l) => l.msg.includes('not sent to other instances'))).toBe(true),
    );

    const nowhere = createPostgresLiveBus({
      url: 'postgres://postgres@127.0.0.1:1/none',
      db: a.database.db,
      log: recordingLog(logged),
      retry: { firstMs: 20, maxMs: 50 },
    });
    buses.push(nowhere);
    await nowhere.start(); // logs and retries in the background; never throws
    expect(nowhere.listening).toBe(false);
    await vi.waitFor(() =>
      expect(
        logged.filter((l) => l.msg.includes('reconnecting to PostgreSQL failed')).length,
      ).toBeGreaterThan(1),
    );
  });
});
