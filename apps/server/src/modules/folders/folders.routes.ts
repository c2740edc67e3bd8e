import {
  addFileNoteBody,
  dirBody,
  dirListBody,
  dirListData,
  downloadData,
  emptyEnvelope,
  envelope,
  fileAddBody,
  fileBody,
  fileListData,
  fileNotesData,
  makeDirBody,
} from '@koma/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { Who } from '../../plugins/who.js';
import { createFoldersService } from './folders.service.js';

const tags = ['folders'];
const fileIds = (b: { projectId: number; dirId: number; fileId: number }) => ({
  projectId: b.projectId,
  folderId: b.dirId,
  fileId: b.fileId,
});

export async function foldersRoutes(app: FastifyInstance) {
  const folders = createFoldersService(app.deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dir/getDirList',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "The project's folders",
        body: dirListBody,
        response: { 200: envelope(dirListData) },
      },
    },
    async (request, reply) =>
      reply.ok({ list: await folders.listDirs(currentUser(request).id, request.body.projectId) }),
  );

  r.post(
    '/api/dir/makeDir',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Create a folder, or rename one (id)',
        body: makeDirBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, dirName, id } = request.body;
      await folders.makeDir(currentUser(request).id, projectId, dirName, id);
      return reply.ok(null, 'saved');
    },
  );

  r.post(
    '/api/dir/delDir',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Delete a folder with its files and notes',
        body: dirBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await folders.deleteDir(currentUser(request).id, request.body.projectId, request.body.dirId);
      return reply.ok(null, 'deleted');
    },
  );

  r.post(
    '/api/file/getFilesInDir',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'The files of a folder',
        body: dirBody,
        response: { 200: envelope(fileListData) },
      },
    },
    async (request, reply) => {
      const { projectId, dirId } = request.body;
      return reply.ok({ list: await folders.listFiles(currentUser(request).id, projectId, dirId) });
    },
  );

  r.post(
    '/api/file/add',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Register an uploaded file (type 4) in a folder',
        body: fileAddBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { projectId, dirId, path, filename, ext } = request.body;
      await folders.addFile(currentUser(request).id, { projectId, folderId: dirId, path, filename, ext });
      return reply.ok(null, 'saved');
    },
  );

  r.post(
    '/api/file/del',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Delete a file with its notes',
        body: fileBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      await folders.deleteFile(currentUser(request).id, fileIds(request.body));
      return reply.ok(null, 'deleted');
    },
  );

  r.post(
    '/api/file/downloadFile',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'A short-lived signed link to the file',
        body: fileBody,
        response: { 200: envelope(downloadData) },
      },
    },
    async (request, reply) =>
      reply.ok({ downloadUrl: await folders.downloadUrl(currentUser(request).id, fileIds(request.body)) }),
  );

  r.post(
    '/api/file/getFileNote',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: "A file's notes, oldest first",
        body: fileBody,
        response: { 200: envelope(fileNotesData) },
      },
    },
    async (request, reply) =>
      reply.ok({ list: await folders.listNotes(currentUser(request).id, fileIds(request.body)) }),
  );

  r.post(
    '/api/file/addFileNote',
    {
      config: { who: Who.MEMBER },
      schema: {
        tags,
        summary: 'Add a note to a file',
        body: addFileNoteBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { content, ...ids } = request.body;
      await folders.addNote(currentUser(request).id, fileIds(ids), content);
      return reply.ok(null, 'posted');
    },
  );
}
