import { MESSAGES, UploadType } from '@koma/shared';
import { expect } from 'vitest';
import { post } from './accounts-fixtures.js';
import type { Person } from './people-fixtures.js';
import type { TestApp } from './test-app.js';
import { createTestProject } from './test-project.js';
import { form, upload } from './upload-test-helpers.js';

const ja = MESSAGES.ja;

/** Test helpers for the folder and file calls of one test app. */
export function folderCalls(t: TestApp) {
  const call = (p: Person | null, url: string, body: object) => post(t, url, body, p?.token);
  const dirs = async (p: Person, projectId: number) =>
    (await call(p, '/api/dir/getDirList', { projectId })).body.data.list;
  const files = async (p: Person, projectId: number, dirId: number) =>
    (await call(p, '/api/file/getFilesInDir', { projectId, dirId })).body.data.list;
  const keyOf = (url: string) => new URL(url, 'http://localhost').pathname.replace('/api/files/', '');
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  /** Makes a folder and returns its id (the newest folder of the project). */
  async function makeDir(p: Person, projectId: number, dirName: string): Promise<number> {
    expect((await call(p, '/api/dir/makeDir', { projectId, dirName })).http).toBe(200);
    return (await dirs(p, projectId)).at(-1).id;
  }

  /** A project of `founder` (with `members`), and one folder in it. */
  async function projectWithFolder(founder: Person, members: Person[] = [], dirName = '資料') {
    const projectId = await createTestProject(t, founder, { members });
    return { projectId, dirId: await makeDir(founder, projectId, dirName) };
  }

  /** Uploads `data` as a folder file (type 4) and registers it; the file's id and upload path. */
  async function addFile(p: Person, projectId: number, dirId: number, filename: string, data: Buffer) {
    const up = await upload(t, form(UploadType.FILE, filename, data), p.token);
    expect(up.http).toBe(200);
    const { path, ext } = up.body.data;
    const added = await call(p, '/api/file/add', { projectId, dirId, path, filename, ext, size: 1 });
    expect(added).toMatchObject({ http: 200, body: { status: 200, info: ja.saved } });
    const fileId = (await files(p, projectId, dirId))[0].id as number;
    return { fileId, path: path as string };
  }

  const downloadUrl = async (p: Person, ids: { projectId: number; dirId: number; fileId: number }) =>
    (await call(p, '/api/file/downloadFile', ids)).body.data.downloadUrl as string;

  return { call, dirs, files, keyOf, fetchFile, makeDir, projectWithFolder, addFile, downloadUrl };
}
