import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSecrets } from './files.table.js';

/**
 * The secret stored under `name`, storing `candidate` first when there is none yet. Instances
 * racing on first use all end up with the one row that won, so they sign alike.
 */
export async function loadOrCreateSecret(db: Executor, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}
