import { contract } from '@koma/shared/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement.js';
import { createFoldersService } from './folders.service.js';

const fileIds = (input: { dirId: number; fileId: number }) => ({
  folderId: input.dirId,
  fileId: input.fileId,
});

/** The project's folders (企画), their files and notes. */
export async function foldersRoutes(app: FastifyInstance) {
  const folders = createFoldersService(app.deps);
  implement(app, 'folders', contract.folders, {
    dirs: async ({ access }) => ({ list: await folders.listDirs(access) }),
    saveDir: async ({ input, user, access, reply }) => {
      await folders.makeDir(user.id, access, input.dirName, input.id);
      return reply.ok(null, 'saved');
    },
    removeDir: async ({ input, access, reply }) => {
      await folders.deleteDir(access, input.dirId);
      return reply.ok(null, 'deleted');
    },
    files: async ({ input, access }) => ({ list: await folders.listFiles(access, input.dirId) }),
    addFile: async ({ input: { dirId, path, filename, ext }, user, access, reply }) => {
      await folders.addFile(user.id, access, { folderId: dirId, path, filename, ext });
      return reply.ok(null, 'saved');
    },
    removeFile: async ({ input, access, reply }) => {
      await folders.deleteFile(access, fileIds(input));
      return reply.ok(null, 'deleted');
    },
    link: async ({ input, access }) => ({ downloadUrl: await folders.downloadUrl(access, fileIds(input)) }),
    notes: async ({ input, access }) => ({ list: await folders.listNotes(access, fileIds(input)) }),
    addNote: async ({ input, user, access, reply }) => {
      await folders.addNote(user.id, access, fileIds(input), input.content);
      return reply.ok(null, 'posted');
    },
  });
}
