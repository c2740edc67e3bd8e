import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { singleLineText } from './single-line.js';

const id = rowId();
const text = (max: number, tooLong: 'contentTooLong') =>
  z
    .string({ error: 'contentRequired' })
    .trim()
    .min(1, { error: 'contentRequired' })
    .max(max, { error: tooLong });

// --- message board (伝言板) -----------------------------------------------------------------
/** POST /api/messageBoard/getList: newest last; `before` pages to older posts. */
export const boardListBody = z.object({
  projectId: id,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(LIMITS.boardPageSize),
  /** Only posts older than this id (load older on scroll); page is ignored when set. */
  before: id.nullish(),
});
export const boardPost = z.object({
  id: z.number(),
  from_uid: z.number(),
  from_nickname: z.string(),
  pic: z.string(),
  content: z.string(),
  create_time: z.string(),
});
export const boardListData = z.object({ list: z.array(boardPost), total: z.number() });
export const boardAddBody = z.object({ projectId: id, content: text(LIMITS.boardPostMax, 'contentTooLong') });

// --- folders and files (企画) ----------------------------------------------------------------
export const dirListBody = z.object({ projectId: id });
export const dirItem = z.object({
  id: z.number(),
  dirname: z.string(),
  fileCount: z.number(),
  create_time: z.string(),
});
export const dirListData = z.object({ list: z.array(dirItem) });
/** POST /api/dir/makeDir: create, or rename with id. */
export const makeDirBody = z.object({
  projectId: id,
  dirName: singleLineText(LIMITS.folderNameMax, {
    required: 'folderNameRequired',
    tooLong: 'folderNameTooLong',
  }),
  id: id.nullish(),
});
export const dirBody = z.object({ projectId: id, dirId: id });
export const fileItem = z.object({
  id: z.number(),
  projectid: z.number(),
  dirid: z.number(),
  filename: z.string(),
  fileext: z.string(),
  size: z.number(),
  user: z.object({ id: z.number(), nickname: z.string() }),
  create_time: z.string(),
});
export const fileListData = z.object({ list: z.array(fileItem) });
/**
 * POST /api/file/add: registers an uploaded file (type 4) in a folder. The extension shown and
 * downloaded is the upload's own: `filename` renames only the part before it (a trailing
 * `.<the upload's extension>` is dropped, anything else stays part of the name), and an `ext`
 * other than the upload's is refused (`fileExtMismatch`). Without `filename` the upload's name
 * is used. `size` is ignored (the stored size counts); both stay for older clients.
 */
export const fileAddBody = z.object({
  projectId: id,
  dirId: id,
  path: z.string().trim().min(1, { error: 'uploadPathInvalid' }).max(300),
  filename: singleLineText(255).default(''),
  ext: z.string().trim().max(20).default(''),
  size: z.number().int().min(0).optional(),
});
export const fileBody = z.object({ projectId: id, dirId: id, fileId: id });
export const downloadData = z.object({ downloadUrl: z.string() });
export const fileNote = z.object({
  id: z.number(),
  content: z.string(),
  user: z.object({ id: z.number(), nickname: z.string(), pic: z.string() }),
  create_at: z.string(),
});
export const fileNotesData = z.object({ list: z.array(fileNote) });
export const addFileNoteBody = z.object({
  projectId: id,
  dirId: id,
  fileId: id,
  content: text(LIMITS.fileNoteMax, 'contentTooLong'),
});
