import { LIMITS, MESSAGES, TOKEN_HEADER } from '@koma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findUserByEmail } from '../accounts/accounts.repository.js';
import { releaseSlot, takeSlot } from './stream-slots.repository.js';
import { liveStreamSlots } from './stream-slots.table.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OpenStream {
  status: number;
  body: string;
  close: () => void;
}

/** Opens the live stream as the browser does (the token cookie); reads its first chunk. */
async function openStream(address: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${address}/api/notice/stream`, {
    headers: { cookie: `koma_token=${token}` },
    signal: controller.signal,
  });
  const close = () => controller.abort();
  if (res.status !== 200 || !res.body) return { status: res.status, body: await res.text(), close };
  const { value } = await res.body.getReader().read();
  return { status: res.status, body: new TextDecoder().decode(value), close };
}

/** Opens a stream again and again until one is granted (a closed one's slot is freed just after). */
async function openOnceFree(address: string, token: string): Promise<OpenStream> {
  for (let i = 0; i < 50; i++) {
    const stream = await openStream(address, token);
    if (stream.status === 200) return stream;
    await sleep(50);
  }
  throw new Error('no slot came free');
}

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('live streams per account', () => {
  it('refuses the eleventh stream of one account before it starts, and a closed one frees a slot', async () => {
    const { token } = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const open: OpenStream[] = [];
    for (let i = 0; i < LIMITS.liveStreamsPerAccount; i++) open.push(await openStream(address, token));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    expect(open[0]?.body).toContain('retry:');

    const refused = await openStream(address, token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      status: 429,
      info: MESSAGES.ja.liveStreamsFull,
      data: null,
    });
    // Another account is not concerned.
    const theirs = await openStream(address, other.token);
    expect(theirs.status).toBe(200);

    open.pop()?.close();
    const again = await openOnceFree(address, token);
    expect(again.body).toContain('retry:');
    expect((await openStream(address, token)).status).toBe(429);
    for (const s of [...open, again, theirs]) s.close();
  });

  it('frees the slots of streams whose lease ended (an instance that crashed)', async () => {
    const { body } = await signUpAndLogin(t);
    const db = t.app.deps.db;
    const user = await findUserByEmail(db, body.email);
    if (!user) throw new Error('no account');
    const userId = user.id;
    const max = LIMITS.liveStreamsPerAccount;
    const take = () => db.transaction((tx) => takeSlot(tx, userId, max, 60_000));
    const slots: (number | null)[] = [];
    for (let i = 0; i < max; i++) slots.push(await take());
    expect(slots).not.toContain(null);
    expect(await take()).toBeNull();
    // The instance holding one of them crashes: nobody renews its lease, which ends. Set in the
    // past rather than waited for, so a slow machine cannot let a lease end before the account
    // is full (a CI run took longer than a 200 ms lease to take the slots).
    await db
      .update(liveStreamSlots)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(liveStreamSlots.id, slots[0] as number));
    const fresh = await take();
    expect(fresh).not.toBeNull();
    if (fresh !== null) await releaseSlot(db, fresh);
  });
});

describe('the live stream', () => {
  it('opens with the session cookie only: the token header EventSource cannot send opens nothing', async () => {
    const { token } = await signUpAndLogin(t);
    const byHeader = await fetch(`${address}/api/notice/stream`, { headers: { [TOKEN_HEADER]: token } });
    expect(byHeader.status).toBe(401);
    const byCookie = await openStream(address, token);
    expect(byCookie.status).toBe(200);
    byCookie.close();
  });
});
