import { type Language, type MadeFileKind, madeFileName } from '@koma/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../projects/projects.table.js';
import { chapters } from './chapters.table.js';

/**
 * The series title and the chapter's number as the chapter list shows it (第N話: its place among
 * the project's chapters in the order they were added, chapters.service.ts `list`).
 */
export async function chapterNaming(
  db: Executor,
  chapter: { projectId: number; id: number },
): Promise<{ series: string; chapterNum: number }> {
  const { projectId, id: chapterId } = chapter;
  const [row] = await db
    .select({
      series: projects.title,
      chapterNum:
        sql<number>`(select count(*) from ${chapters} where ${chapters.projectId} = ${projectId} and ${chapters.id} <= ${chapterId})`.mapWith(
          Number,
        ),
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new Error(`chapter ${chapterId}: its project is gone`);
  return row;
}

/**
 * The name of a file Koma makes for a chapter (docs/files.md, "Names of the files Koma makes"):
 * 作品名_第N話_種類, with the page for a sheet of one page.
 */
export async function chapterFileName(
  db: Executor,
  chapter: { projectId: number; id: number },
  file: { kind: MadeFileKind; ext: string; page?: number | undefined },
  lang: Language,
): Promise<string> {
  return madeFileName({ ...(await chapterNaming(db, chapter)), ...file }, lang);
}
