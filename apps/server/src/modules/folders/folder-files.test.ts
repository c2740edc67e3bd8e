import { LIMITS, MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderCalls } from '../../test/folders-test-helpers.js';
import { person } from '../../test/people-fixtures.js';
import { present } from '../../test/present.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import { fileUrlSecret, signedFileUrl } from '../files/signed-url.js';
import { findUploadByKey } from '../uploads/uploads.repository.js';

const ja = MESSAGES.ja;
let t: TestApp;
let f: ReturnType<typeof folderCalls>;
beforeAll(async () => {
  t = await createTestApp();
  f = folderCalls(t);
});
afterAll(async () => {
  await t.close();
});

describe('files', () => {
  it('registers an upload with its stored size and serves it only through the signed link', async () => {
    const founder = await person(t, 'creator', { nickname: '原作者' });
    const member = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    const { fileId, path } = await f.addFile(founder, projectId, dirId, '企画書 第1話.pdf', pdf);

    expect(await f.files(member, projectId, dirId)).toEqual([
      {
        id: fileId,
        projectid: projectId,
        dirid: dirId,
        filename: '企画書 第1話.pdf',
        fileext: 'pdf',
        size: pdf.length,
        user: { id: founder.id, nickname: '原作者' },
        create_time: expect.stringMatching(/Z$/),
      },
    ]);
    expect((await f.dirs(member, projectId))[0]?.fileCount).toBe(1);

    const before = Math.floor(Date.now() / 1000);
    const url = await f.downloadUrl(member, { projectId, dirId, fileId });
    const { searchParams } = new URL(url, 'http://localhost');
    expect(url.startsWith(`${path}?`)).toBe(true);
    expect(Number(searchParams.get('exp')) - before).toBeGreaterThanOrEqual(LIMITS.signedUrlSeconds - 1);
    expect(Number(searchParams.get('exp')) - before).toBeLessThanOrEqual(LIMITS.signedUrlSeconds + 1);

    const res = await f.fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('企画書 第1話.pdf')}`,
    );

    const sig = searchParams.get('sig') ?? '';
    const tampered = url.replace(`sig=${sig}`, `sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    const moved = url.replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 60}`);
    const expired = signedFileUrl(
      f.keyOf(url),
      await fileUrlSecret(t.app.deps.db),
      600,
      new Date(Date.now() - 3_600_000),
    );
    for (const bad of [tampered, moved, expired, path, `${path}?exp=${searchParams.get('exp')}`]) {
      const refused = await f.fetchFile(bad);
      expect(refused.statusCode, bad).toBe(404);
      expect(refused.rawPayload.includes(pdf), bad).toBe(false);
    }
  });

  it("refuses another user's upload, another type and an unknown path (400)", async () => {
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const theirs = await upload(t, form(UploadType.FILE, 'x.txt', Buffer.from('x')), member.token);
    const cover = await upload(t, form(UploadType.COVER, 'c.png', await image('png')), founder.token);
    const paths = [
      theirs.body.data.path,
      cover.body.data.path,
      contract.uploads.file.path.replace('*', '4/2026/01/00000000000000000000000000000000.txt'),
    ];
    for (const path of paths) {
      const res = await f.call(founder, contract.folders.addFile, {
        projectId,
        dirId,
        path,
        filename: 'x.txt',
        ext: 'txt',
        size: 1,
      });
      expect(res, path).toMatchObject({ http: 400, body: { status: 400, info: ja.uploadPathInvalid } });
    }
    expect(await f.files(founder, projectId, dirId)).toEqual([]);
  });

  it('answers 404 for a file or folder id of another folder or project', async () => {
    const founder = await person(t, 'creator');
    const a = await f.projectWithFolder(founder);
    const otherDir = await f.makeDir(founder, a.projectId, '別');
    const b = await f.projectWithFolder(founder);
    const { fileId } = await f.addFile(founder, a.projectId, a.dirId, 'a.txt', Buffer.from('a'));
    const wrong = [
      { projectId: a.projectId, dirId: otherDir, fileId },
      { projectId: b.projectId, dirId: b.dirId, fileId },
      { projectId: b.projectId, dirId: a.dirId, fileId },
    ];
    for (const ids of wrong) {
      for (const endpoint of [contract.folders.link, contract.folders.notes, contract.folders.removeFile]) {
        const res = await f.call(founder, endpoint, ids);
        expect(res, endpoint.path).toMatchObject({ http: 404, body: { status: 404 } });
      }
      const note = await f.call(founder, contract.folders.addNote, { ...ids, content: 'x' });
      expect(note.http).toBe(404);
    }
    const up = await upload(t, form(UploadType.FILE, 'b.txt', Buffer.from('b')), founder.token);
    const add = {
      projectId: b.projectId,
      dirId: a.dirId,
      path: up.body.data.path,
      filename: 'b.txt',
      ext: 'txt',
      size: 1,
    };
    expect((await f.call(founder, contract.folders.addFile, add)).http).toBe(404);
    expect(await f.files(founder, a.projectId, a.dirId)).toHaveLength(1);
  });

  it('deletes a file, then a folder, with their stored content, upload records and links', async () => {
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const { storage, db } = t.app.deps;
    const one = await f.addFile(member, projectId, dirId, 'one.txt', Buffer.from('one'));
    const two = await f.addFile(founder, projectId, dirId, 'two.zip', Buffer.from('PK\x03\x04two', 'latin1'));
    const oneKey = f.keyOf(one.path);
    const twoKey = f.keyOf(two.path);
    const twoUrl = await f.downloadUrl(member, { projectId, dirId, fileId: two.fileId });
    await f.call(member, contract.folders.addNote, { projectId, dirId, fileId: two.fileId, content: 'メモ' });

    const del = await f.call(founder, contract.folders.removeFile, { projectId, dirId, fileId: one.fileId });
    expect(del).toMatchObject({ http: 200, body: { info: ja.deleted } });
    expect(await storage.stat(oneKey)).toBeNull();
    expect(await findUploadByKey(db, oneKey)).toBeUndefined();
    expect((await f.files(founder, projectId, dirId)).map((f: { id: number }) => f.id)).toEqual([two.fileId]);
    expect(
      (await f.call(founder, contract.folders.removeFile, { projectId, dirId, fileId: one.fileId })).http,
    ).toBe(404);

    expect((await f.fetchFile(twoUrl)).statusCode).toBe(200);
    expect(await f.call(member, contract.folders.removeDir, { projectId, dirId })).toMatchObject({
      http: 200,
    });
    expect(await storage.stat(twoKey)).toBeNull();
    expect(await findUploadByKey(db, twoKey)).toBeUndefined();
    expect((await f.fetchFile(twoUrl)).statusCode).toBe(404);
    expect(await f.dirs(founder, projectId)).toEqual([]);
    const notes = await f.call(member, contract.folders.notes, { projectId, dirId, fileId: two.fileId });
    expect(notes.http).toBe(404);
  });

  it('keeps stored content still registered elsewhere when one registration is deleted', async () => {
    const founder = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder);
    const { path } = await f.addFile(founder, projectId, dirId, 'shared.txt', Buffer.from('shared'));
    const copyDir = await f.makeDir(founder, projectId, 'コピー');
    await f.call(founder, contract.folders.addFile, {
      projectId,
      dirId: copyDir,
      path,
      filename: 'shared.txt',
      ext: 'txt',
      size: 6,
    });
    await f.call(founder, contract.folders.removeDir, { projectId, dirId });
    expect(await t.app.deps.storage.stat(f.keyOf(path))).toEqual({ size: 6 });
    const copy = present((await f.files(founder, projectId, copyDir))[0], 'copy');
    const res = await f.fetchFile(
      await f.downloadUrl(founder, { projectId, dirId: copyDir, fileId: copy.id }),
    );
    expect(res.body).toBe('shared');
  });

  it('lists and serves a file under the extension it was uploaded with, whatever name is sent', async () => {
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const up = await upload(t, form(UploadType.FILE, 'invoice.pdf.exe', Buffer.from('MZ')), founder.token);
    const { path } = up.body.data;
    const add = { projectId, dirId, path, filename: '設定資料_最新版.pdf', size: 2 };

    const claimed = await f.call(founder, contract.folders.addFile, { ...add, ext: 'pdf' });
    expect(claimed).toMatchObject({ http: 400, body: { status: 400, info: ja.fileExtMismatch } });
    expect(await f.files(member, projectId, dirId)).toEqual([]);

    expect((await f.call(founder, contract.folders.addFile, add)).http).toBe(200);
    const listed = present((await f.files(member, projectId, dirId))[0], 'listed file');
    expect(listed).toMatchObject({ filename: '設定資料_最新版.pdf.exe', fileext: 'exe' });
    const res = await f.fetchFile(await f.downloadUrl(member, { projectId, dirId, fileId: listed.id }));
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('invoice.pdf.exe')}`,
    );
  });

  it('lets the caller rename the part before the extension, or keep the uploaded name', async () => {
    const founder = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder);
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const named = async (filename: string | undefined, ext?: string) => {
      const up = await upload(t, form(UploadType.FILE, 'scan.PDF', pdf), founder.token);
      const res = await f.call(founder, contract.folders.addFile, {
        projectId,
        dirId,
        path: up.body.data.path,
        filename,
        ext,
      });
      expect(res.http, String(filename)).toBe(200);
      return (await f.files(founder, projectId, dirId))[0];
    };
    expect(await named('第1話の企画.pdf', 'PDF')).toMatchObject({
      filename: '第1話の企画.pdf',
      fileext: 'pdf',
    });
    expect(await named('第2話の企画')).toMatchObject({ filename: '第2話の企画.pdf', fileext: 'pdf' });
    expect(await named(undefined)).toMatchObject({ filename: 'scan.PDF', fileext: 'pdf' });
  });
});
