import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { projects } from '../projects/projects.table.js';
import { pathOfKey } from '../uploads/upload-names.js';
import { uploads } from '../uploads/uploads.table.js';
import { fileNotes, folders, projectFiles } from './folders.table.js';

// --- folders ------------------------------------------------------------------------------------

/** A project's folders in the order they were made, each with its number of files. */
export async function listFolders(db: Executor, projectId: number) {
  return db
    .select({
      id: folders.id,
      name: folders.name,
      createdAt: folders.createdAt,
      fileCount: count(projectFiles.id),
    })
    .from(folders)
    .leftJoin(projectFiles, eq(projectFiles.folderId, folders.id))
    .where(eq(folders.projectId, projectId))
    .groupBy(folders.id)
    .orderBy(asc(folders.id));
}

export async function insertFolder(db: Executor, projectId: number, name: string, createdBy: number) {
  await db.insert(folders).values({ projectId, name, createdBy });
}

/** Renames a folder of this project; false when the project has no such folder. */
export async function renameFolder(db: Executor, projectId: number, folderId: number, name: string) {
  const rows = await db
    .update(folders)
    .set({ name })
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)))
    .returning({ id: folders.id });
  return rows.length > 0;
}

/**
 * The project's folder, locked until the transaction ends: `share` while a file is added to it,
 * `update` while it is deleted, so a file is never added to a folder being deleted unnoticed.
 */
export async function lockFolder(
  db: Executor,
  projectId: number,
  folderId: number,
  mode: 'share' | 'update',
) {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)))
    .for(mode);
  return row;
}

export async function findFolder(db: Executor, projectId: number, folderId: number) {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)));
  return row;
}

/** Deletes a folder and its files (their notes go with them); returns the files' storage keys. */
export async function deleteFolder(db: Executor, folderId: number): Promise<string[]> {
  const files = await db
    .delete(projectFiles)
    .where(eq(projectFiles.folderId, folderId))
    .returning({ key: projectFiles.uploadKey });
  await db.delete(folders).where(eq(folders.id, folderId));
  return files.map((f) => f.key);
}

// --- files --------------------------------------------------------------------------------------

/** A folder's files, newest first, with who added them. */
export async function listFiles(db: Executor, projectId: number, folderId: number) {
  return db
    .select({
      id: projectFiles.id,
      projectId: projectFiles.projectId,
      folderId: projectFiles.folderId,
      filename: projectFiles.filename,
      ext: projectFiles.ext,
      size: projectFiles.size,
      userId: projectFiles.userId,
      nickname: users.nickname,
      createdAt: projectFiles.createdAt,
    })
    .from(projectFiles)
    .leftJoin(users, eq(users.id, projectFiles.userId))
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.folderId, folderId)))
    .orderBy(desc(projectFiles.id));
}

export async function insertFile(db: Executor, file: typeof projectFiles.$inferInsert) {
  await db.insert(projectFiles).values(file);
}

/** A file of this folder of this project (locked for `share` while a note is added), or undefined. */
export async function findFile(
  db: Executor,
  ids: { projectId: number; folderId: number; fileId: number },
  lock?: 'share',
) {
  const query = db
    .select({ id: projectFiles.id, key: projectFiles.uploadKey })
    .from(projectFiles)
    .where(
      and(
        eq(projectFiles.id, ids.fileId),
        eq(projectFiles.folderId, ids.folderId),
        eq(projectFiles.projectId, ids.projectId),
      ),
    );
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Deletes a file of this folder of this project (its notes go with it); its key, or undefined. */
export async function deleteFile(db: Executor, ids: { projectId: number; folderId: number; fileId: number }) {
  const [row] = await db
    .delete(projectFiles)
    .where(
      and(
        eq(projectFiles.id, ids.fileId),
        eq(projectFiles.folderId, ids.folderId),
        eq(projectFiles.projectId, ids.projectId),
      ),
    )
    .returning({ key: projectFiles.uploadKey });
  return row?.key;
}

// --- notes --------------------------------------------------------------------------------------

export async function listNotes(db: Executor, fileId: number) {
  return db
    .select({
      id: fileNotes.id,
      content: fileNotes.content,
      userId: users.id,
      nickname: users.nickname,
      pic: users.pic,
      createdAt: fileNotes.createdAt,
    })
    .from(fileNotes)
    .innerJoin(users, eq(users.id, fileNotes.userId))
    .where(eq(fileNotes.fileId, fileId))
    .orderBy(asc(fileNotes.id));
}

export async function insertNote(db: Executor, fileId: number, userId: number, content: string) {
  await db.insert(fileNotes).values({ fileId, userId, content });
}

// --- stored uploads -----------------------------------------------------------------------------

/**
 * Of `keys`, those nothing refers to any more: no project file and no project proposal. Only
 * these may leave storage (the same upload may have been registered twice).
 */
export async function unusedKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const paths = keys.map(pathOfKey);
  const files = await db
    .select({ key: projectFiles.uploadKey })
    .from(projectFiles)
    .where(inArray(projectFiles.uploadKey, keys));
  const proposals = await db
    .select({ key: projects.proposals })
    .from(projects)
    .where(or(inArray(projects.proposals, keys), inArray(projects.proposals, paths)));
  const used = new Set([...files.map((f) => f.key), ...proposals.map((p) => p.key)]);
  return [...new Set(keys)].filter((key) => !used.has(key) && !used.has(pathOfKey(key)));
}

/** Forgets the upload records of files leaving storage, so their paths cannot be registered again. */
export async function deleteUploads(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.key, keys));
}
