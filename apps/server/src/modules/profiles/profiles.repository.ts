import { AccountStatus } from '@koma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { ownAccountColumns } from '../accounts/accounts.repository.js';
import { users } from '../accounts/accounts.table.js';

const ownProfile = preparedPerDatabase((db) =>
  db
    .select(ownAccountColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('own_profile'),
);

/** The session's own account (every page of the web app asks for it): prepared once. */
export async function findOwnProfile(db: Executor, userId: number) {
  const [row] = await ownProfile(db).execute({ userId });
  return row;
}

export type ProfileRow = typeof users.$inferSelect;

export async function findActiveProfile(db: Executor, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, AccountStatus.ACTIVE)))
    .limit(1);
  return row;
}

export type ProfileUpdate = Pick<
  typeof users.$inferInsert,
  | 'nickname'
  | 'pic'
  | 'icon'
  | 'creativecap'
  | 'positions'
  | 'medias'
  | 'genres'
  | 'methods'
  | 'drawmethod'
  | 'experience'
  | 'adscartoon'
  | 'publish'
  | 'introduction'
  | 'cartoon'
  | 'cartooner'
  | 'cute'
  | 'themes'
  | 'rewards'
  | 'portfolio'
  | 'achievements'
  | 'roles'
>;

export async function updateProfile(db: Executor, userId: number, update: ProfileUpdate): Promise<void> {
  await db
    .update(users)
    .set({ ...update, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
