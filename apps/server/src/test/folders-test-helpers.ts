import { MESSAGES, UploadType } from '@koma/shared';
import { contract, type Endpoint, type InputOf } from '@koma/shared/contract';
import { expect } from 'vitest';
import { call, callUnchecked } from './api.js';
import type { Person } from './people-fixtures.js';
import { present } from './present.js';
import type { TestApp } from './test-app.js';
import { createTestProject } from './test-project.js';
import { form, upload } from './upload-test-helpers.js';

const ja = MESSAGES.ja;

/** Test helpers for the folder and file calls of one test app. */
export function folderCalls(t: TestApp) {
  const callAs = <E extends Endpoint>(p: Person | null, endpoint: E, input: InputOf<E>) =>
    call(t, endpoint, input, p?.token);
  /** The same with an input the schema would refuse, sent as given. */
  const callUncheckedAs = <E extends Endpoint>(p: Person | null, endpoint: E, input: unknown) =>
    callUnchecked(t, endpoint, input, p?.token);
  const dirs = async (p: Person, projectId: number) =>
    (await callAs(p, contract.folders.dirs, { projectId })).body.data.list;
  const files = async (p: Person, projectId: number, dirId: number) =>
    (await callAs(p, contract.folders.files, { projectId, dirId })).body.data.list;
  const filesPrefix = contract.uploads.file.path.replace('*', '');
  const keyOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(filesPrefix, '');
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  /** Makes a folder and returns its id (the newest folder of the project). */
  async function makeDir(p: Person, projectId: number, dirName: string): Promise<number> {
    expect((await callAs(p, contract.folders.saveDir, { projectId, dirName })).http).toBe(200);
    return present((await dirs(p, projectId)).at(-1), 'folder').id;
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
    const added = await callAs(p, contract.folders.addFile, {
      projectId,
      dirId,
      path,
      filename,
      ext,
      size: 1,
    });
    expect(added).toMatchObject({ http: 200, body: { status: 200, info: ja.saved } });
    const fileId = present((await files(p, projectId, dirId))[0], 'file').id;
    return { fileId, path };
  }

  const downloadUrl = async (p: Person, ids: { projectId: number; dirId: number; fileId: number }) =>
    (await callAs(p, contract.folders.link, ids)).body.data.downloadUrl;

  return {
    call: callAs,
    callUnchecked: callUncheckedAs,
    dirs,
    files,
    keyOf,
    fetchFile,
    makeDir,
    projectWithFolder,
    addFile,
    downloadUrl,
  };
}
