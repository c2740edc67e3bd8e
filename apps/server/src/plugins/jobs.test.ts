import { contract } from '@koma/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SETTINGS } from '../infra/jobs.js';
import { hashToken } from '../lib/crypto-tokens.js';
import { sessions } from '../modules/accounts/accounts.table.js';
import { signUpAndLogin } from '../test/accounts-fixtures.js';
import { call } from '../test/api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exists(tokenHash: string): Promise<boolean> {
  const rows = await t.app.deps.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return rows.length === 1;
}

describe('the hourly jobs', () => {
  it('are on the schedule of the database, made once for every instance', async () => {
    const { rows } = await t.app.deps.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(rows).toEqual([
      { name: 'notice-digest', cron: JOB_SETTINGS['notice-digest'].cron, timezone: 'UTC' },
      { name: 'purge-access-records', cron: JOB_SETTINGS['purge-access-records'].cron, timezone: 'UTC' },
      { name: 'purge-sessions', cron: JOB_SETTINGS['purge-sessions'].cron, timezone: 'UTC' },
      { name: 'schedule-hourly', cron: JOB_SETTINGS['schedule-hourly'].cron, timezone: 'UTC' },
      { name: 'sweep-orphan-files', cron: JOB_SETTINGS['sweep-orphan-files'].cron, timezone: 'UTC' },
      { name: 'sweep-temp-files', cron: JOB_SETTINGS['sweep-temp-files'].cron, timezone: 'UTC' },
      {
        name: 'sweep-unattached-uploads',
        cron: JOB_SETTINGS['sweep-unattached-uploads'].cron,
        timezone: 'UTC',
      },
    ]);
    expect(new Set(rows.map((r) => r.cron.split(' ').slice(1).join(' ')))).toEqual(new Set(['* * * *']));
  });

  it('delete the expired sessions and keep the live ones usable', async () => {
    const { token } = await signUpAndLogin(t);
    const [live] = await t.app.deps.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = hashToken('expired-a-minute-ago');
    await t.app.deps.db
      .insert(sessions)
      .values({ tokenHash: expired, userId: live?.userId ?? 0, expiresAt: new Date(Date.now() - 60_000) });

    await t.app.deps.jobs.send('purge-sessions', null);
    await t.settleJobs();

    expect(await exists(expired)).toBe(false);
    expect(await exists(hashToken(token))).toBe(true);
    expect((await call(t, contract.profiles.me, undefined, token)).http).toBe(200);
  });
});
