import { z } from 'zod';
import {
  addFileNoteBody,
  dirBody,
  dirListBody,
  dirListData,
  downloadData,
  fileAddBody,
  fileBody,
  fileListData,
  fileNotesData,
  makeDirBody,
} from '../schemas/workspace.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The project's folders (企画), their files and notes: any member may do anything here. */
export const folders = endpoints(routes.folders, {
  dirs: {
    input: dirListBody,
    reply: dirListData,
    who: Who.MEMBER,
    summary: "The project's folders",
  },
  saveDir: {
    input: makeDirBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Create a folder, or rename one (id)',
  },
  removeDir: {
    input: dirBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Delete a folder with its files and notes',
  },
  files: {
    input: dirBody,
    reply: fileListData,
    who: Who.MEMBER,
    summary: 'The files of a folder',
  },
  addFile: {
    input: fileAddBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Register an uploaded file (type 4) in a folder',
  },
  removeFile: {
    input: fileBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Delete a file with its notes',
  },
  link: {
    input: fileBody,
    reply: downloadData,
    who: Who.MEMBER,
    summary: 'A short-lived signed link to the file',
  },
  notes: {
    input: fileBody,
    reply: fileNotesData,
    who: Who.MEMBER,
    summary: "A file's notes, oldest first",
  },
  addNote: {
    input: addFileNoteBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Add a note to a file',
  },
});
