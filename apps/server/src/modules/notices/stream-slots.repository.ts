import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { liveStreamSlots } from './stream-slots.table.js';

/** A lease end `leaseMs` from now, by the database's clock: one clock for every instance. */
const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs}::double precision * interval '1 millisecond'`;

/**
 * Takes a slot for one more stream of the user when fewer than `max` leases are live; the slot's
 * id, or null when they are all taken. Run in a transaction: the user's row is locked first, so
 * two streams opening at once on any instances are counted one after the other.
 */
export async function takeSlot(tx: Tx, userId: number, max: number, leaseMs: number): Promise<number | null> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) return null;
  const ofUser = eq(liveStreamSlots.userId, userId);
  // Leases that ended (a crashed instance's streams) free their slots here.
  await tx.delete(liveStreamSlots).where(and(ofUser, lte(liveStreamSlots.expiresAt, sql`now()`)));
  const [live] = await tx.select({ n: count() }).from(liveStreamSlots).where(ofUser);
  if ((live?.n ?? 0) >= max) return null;
  const [slot] = await tx
    .insert(liveStreamSlots)
    .values({ userId, expiresAt: leaseEnd(leaseMs) })
    .returning({ id: liveStreamSlots.id });
  return slot?.id ?? null;
}

/** Extends a live lease; false when it has already ended (its slot may be someone else's now). */
export async function renewSlot(db: Executor, id: number, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(liveStreamSlots)
    .set({ expiresAt: leaseEnd(leaseMs) })
    .where(and(eq(liveStreamSlots.id, id), gt(liveStreamSlots.expiresAt, sql`now()`)))
    .returning({ id: liveStreamSlots.id });
  return renewed.length > 0;
}

export async function releaseSlot(db: Executor, id: number): Promise<void> {
  await db.delete(liveStreamSlots).where(eq(liveStreamSlots.id, id));
}
