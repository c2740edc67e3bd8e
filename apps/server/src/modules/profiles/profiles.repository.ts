import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';

export async function findOwnProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      email: users.email,
      pic: users.pic,
      icon: users.icon,
      loginattr: users.loginattr,
      isFirst: users.isFirst,
      roles: users.roles,
      positions: users.positions,
      creativecap: users.creativecap,
      medias: users.medias,
      genres: users.genres,
      methods: users.methods,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
