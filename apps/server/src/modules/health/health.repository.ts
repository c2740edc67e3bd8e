import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
