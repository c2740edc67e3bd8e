import { UploadType } from '@koma/shared';
import { badInput, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { privateFileLink } from '../files/signed-url.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { attachSaved } from '../uploads/attach-uploads.js';
import { discardStored, ownUpload } from '../uploads/uploads.service.js';
import { assertSameExtension, listedName } from './folder-file-name.js';
import * as repo from './folders.repository.js';

/** A file addressed by the ids the client sends: it must sit in that folder of the caller's project. */
export interface FileIds {
  folderId: number;
  fileId: number;
}

export interface NewFile {
  folderId: number;
  path: string;
  /** The name wished for: only the part before the upload's extension is taken. */
  filename: string;
  /** The extension the caller believes the file has: must be the upload's, or ''. */
  ext: string;
}

/**
 * Project folders, their files and notes. Any member may do anything here, as in the original
 * product: the routes' guard lets members only in (`ProjectAccess`).
 */
export function createFoldersService(deps: Deps) {
  const { db, storage } = deps;

  async function fileOf(member: ProjectAccess, ids: FileIds) {
    const file = await repo.findFile(db, { projectId: member.projectId, ...ids });
    if (!file) throw notFound();
    return file;
  }

  /** Removes files and their renditions from storage once their rows are gone for good. */
  const discard = (keys: string[]) => discardStored(storage, keys);

  return {
    async listDirs(member: ProjectAccess) {
      const rows = await repo.listFolders(db, member.projectId);
      return rows.map((r) => ({
        id: r.id,
        dirname: r.name,
        fileCount: r.fileCount,
        create_time: r.createdAt.toISOString(),
      }));
    },

    /** Creates a folder, or renames one of this project when `folderId` is given. */
    async makeDir(
      userId: number,
      member: ProjectAccess,
      name: string,
      folderId?: number | null,
    ): Promise<void> {
      if (!folderId) return repo.insertFolder(db, member.projectId, name, userId);
      if (!(await repo.renameFolder(db, member.projectId, folderId, name))) throw notFound();
    },

    /** Deletes a folder with its files, their notes and their stored content. */
    async deleteDir(member: ProjectAccess, folderId: number): Promise<void> {
      const gone = await db.transaction(async (tx) => {
        if (!(await repo.lockFolder(tx, member.projectId, folderId, 'update'))) throw notFound();
        const keys = await repo.unusedKeys(tx, await repo.deleteFolder(tx, folderId));
        await repo.deleteUploads(tx, keys);
        return keys;
      });
      await discard(gone);
    },

    async listFiles(member: ProjectAccess, folderId: number) {
      if (!(await repo.findFolder(db, member.projectId, folderId))) throw notFound();
      const rows = await repo.listFiles(db, member.projectId, folderId);
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

    /**
     * Registers the caller's own upload (type 4) in a folder, with the size actually stored and
     * the upload's own extension.
     */
    async addFile(userId: number, member: ProjectAccess, file: NewFile): Promise<void> {
      const upload = await ownUpload(db, userId, file.path, [UploadType.FILE]);
      assertSameExtension(upload, file.ext);
      const key = upload.key;
      // The client's size is a claim; the stored file is the fact.
      const stored = await storage.stat(key);
      if (!stored) throw badInput('uploadPathInvalid');
      await db.transaction(async (tx) => {
        if (!(await repo.lockFolder(tx, member.projectId, file.folderId, 'share'))) throw notFound();
        // The folder holds it from here on: the sweep of unattached uploads leaves it (docs/files.md).
        await attachSaved(tx, [key]);
        await repo.insertFile(tx, {
          projectId: member.projectId,
          folderId: file.folderId,
          uploadKey: key,
          filename: listedName(upload, file.filename),
          ext: upload.ext,
          size: stored.size,
          userId,
        });
      });
    },

    async deleteFile(member: ProjectAccess, ids: FileIds): Promise<void> {
      const gone = await db.transaction(async (tx) => {
        const key = await repo.deleteFile(tx, { projectId: member.projectId, ...ids });
        if (!key) throw notFound();
        const keys = await repo.unusedKeys(tx, [key]);
        await repo.deleteUploads(tx, keys);
        return keys;
      });
      await discard(gone);
    },

    /** A link to the file that works for LIMITS.signedUrlSeconds, for members only. */
    async downloadUrl(member: ProjectAccess, ids: FileIds): Promise<string> {
      const file = await fileOf(member, ids);
      return privateFileLink(deps, file.key);
    },

    async listNotes(member: ProjectAccess, ids: FileIds) {
      const file = await fileOf(member, ids);
      const rows = await repo.listNotes(db, file.id);
      return rows.map((r) => ({
        id: r.id,
        content: r.content,
        user: { id: r.userId, nickname: r.nickname, pic: r.pic },
        create_at: r.createdAt.toISOString(),
      }));
    },

    async addNote(userId: number, member: ProjectAccess, ids: FileIds, content: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked, so the file cannot be deleted between the check and the insert.
        const file = await repo.findFile(tx, { projectId: member.projectId, ...ids }, 'share');
        if (!file) throw notFound();
        await repo.insertNote(tx, file.id, userId, content);
      });
    },
  };
}
