import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectWatermarks, watermarkCodes } from './watermarks.table.js';

export async function findSetting(db: Executor, projectId: number) {
  const [row] = await db.select().from(projectWatermarks).where(eq(projectWatermarks.projectId, projectId));
  return row;
}

export async function saveSetting(
  tx: Executor,
  row: { projectId: number; mode: string; originals: string; updatedBy: number },
) {
  await tx
    .insert(projectWatermarks)
    .values(row)
    .onConflictDoUpdate({
      target: projectWatermarks.projectId,
      set: { mode: row.mode, originals: row.originals, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

export type WatermarkCodeRow = typeof watermarkCodes.$inferSelect;

/** The viewer's code of that day, or undefined before one is made. */
export async function findViewerCode(db: Executor, projectId: number, viewer: string, day: string) {
  const [row] = await db
    .select()
    .from(watermarkCodes)
    .where(
      and(
        eq(watermarkCodes.projectId, projectId),
        eq(watermarkCodes.viewer, viewer),
        eq(watermarkCodes.day, day),
      ),
    );
  return row;
}

/** Inserts a code unless the viewer has one that day, or the code is taken; true when inserted. */
export async function insertCode(db: Executor, row: typeof watermarkCodes.$inferInsert): Promise<boolean> {
  const made = await db
    .insert(watermarkCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: watermarkCodes.code });
  return made.length > 0;
}

export async function findCode(db: Executor, code: string) {
  const [row] = await db.select().from(watermarkCodes).where(eq(watermarkCodes.code, code));
  return row;
}
