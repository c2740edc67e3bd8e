import { UploadType } from '@koma/shared';
import { badInput, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { privateFileLink } from '../../lib/signed-url.js';
import { requireMember } from '../projects/projects.policy.js';
import { assertOwnUpload } from '../uploads/uploads.service.js';
import * as repo from './folders.repository.js';

/** A file addressed by the ids the client sends: it must sit in that folder of that project. */
export interface FileIds {
  projectId: number;
  folderId: number;
  fileId: number;
}

export interface NewFile {
  projectId: number;
  folderId: number;
  path: string;
  filename: string;
  ext: string;
}

/** Project folders, their files and notes. Any member may do anything here (spec section 2). */
export function createFoldersService(deps: Deps) {
  const { db, storage } = deps;

  async function fileOf(userId: number, ids: FileIds) {
    await requireMember(db, ids.projectId, userId);
    const file = await repo.findFile(db, ids);
    if (!file) throw notFound();
    return file;
  }

  /**
   * Removes files from storage once their rows are gone for good (after the commit: a rollback
   * must not leave rows pointing at nothing). A failure leaves an unreachable orphan, not an error.
   */
  async function discard(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }

  return {
    async listDirs(userId: number, projectId: number) {
      await requireMember(db, projectId, userId);
      const rows = await repo.listFolders(db, projectId);
      return rows.map((r) => ({
        id: r.id,
        dirname: r.name,
        fileCount: r.fileCount,
        create_time: r.createdAt.toISOString(),
      }));
    },

    /** Creates a folder, or renames one of this project when `folderId` is given. */
    async makeDir(userId: number, projectId: number, name: string, folderId?: number | null): Promise<void> {
      await requireMember(db, projectId, userId);
      if (!folderId) return repo.insertFolder(db, projectId, name, userId);
      if (!(await repo.renameFolder(db, projectId, folderId, name))) throw notFound();
    },

    /** Deletes a folder with its files, their notes and their stored content. */
    async deleteDir(userId: number, projectId: number, folderId: number): Promise<void> {
      await requireMember(db, projectId, userId);
      const gone = await db.transaction(async (tx) => {
        if (!(await repo.lockFolder(tx, projectId, folderId, 'update'))) throw notFound();
        const keys = await repo.unusedKeys(tx, await repo.deleteFolder(tx, folderId));
        await repo.deleteUploads(tx, keys);
        return keys;
      });
      await discard(gone);
    },

    async listFiles(userId: number, projectId: number, folderId: number) {
      await requireMember(db, projectId, userId);
      if (!(await repo.findFolder(db, projectId, folderId))) throw notFound();
      const rows = await repo.listFiles(db, projectId, folderId);
      return rows.map((r) => ({
        id: r.id,
        projectid: r.projectId,
        dirid: r.folderId,
        filename: r.filename,
        fileext: r.ext,
        size: r.size,
        user: { id: r.userId ?? 0, nickname: r.nickname ?? '' },
        create_time: r.createdAt.toISOString(),
      }));
    },

    /** Registers the caller's own upload (type 4) in a folder, with the size actually stored. */
    async addFile(userId: number, file: NewFile): Promise<void> {
      await requireMember(db, file.projectId, userId);
      const key = await assertOwnUpload(db, userId, file.path, [UploadType.FILE]);
      // The client's size is a claim; the stored file is the fact.
      const stored = key ? await storage.stat(key) : null;
      if (!stored) throw badInput('uploadPathInvalid');
      await db.transaction(async (tx) => {
        if (!(await repo.lockFolder(tx, file.projectId, file.folderId, 'share'))) throw notFound();
        await repo.insertFile(tx, {
          projectId: file.projectId,
          folderId: file.folderId,
          uploadKey: key,
          filename: file.filename,
          ext: file.ext.toLowerCase(),
          size: stored.size,
          userId,
        });
      });
    },

    async deleteFile(userId: number, ids: FileIds): Promise<void> {
      await requireMember(db, ids.projectId, userId);
      const gone = await db.transaction(async (tx) => {
        const key = await repo.deleteFile(tx, ids);
        if (!key) throw notFound();
        const keys = await repo.unusedKeys(tx, [key]);
        await repo.deleteUploads(tx, keys);
        return keys;
      });
      await discard(gone);
    },

    /** A link to the file that works for LIMITS.signedUrlSeconds, for members only. */
    async downloadUrl(userId: number, ids: FileIds): Promise<string> {
      const file = await fileOf(userId, ids);
      return privateFileLink(deps, file.key);
    },

    async listNotes(userId: number, ids: FileIds) {
      const file = await fileOf(userId, ids);
      const rows = await repo.listNotes(db, file.id);
      return rows.map((r) => ({
        id: r.id,
        content: r.content,
        user: { id: r.userId, nickname: r.nickname, pic: r.pic },
        create_at: r.createdAt.toISOString(),
      }));
    },

    async addNote(userId: number, ids: FileIds, content: string): Promise<void> {
      await requireMember(db, ids.projectId, userId);
      await db.transaction(async (tx) => {
        // Locked, so the file cannot be deleted between the check and the insert.
        const file = await repo.findFile(tx, ids, 'share');
        if (!file) throw notFound();
        await repo.insertNote(tx, file.id, userId, content);
      });
    },
  };
}
