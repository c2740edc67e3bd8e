import { MESSAGES } from '@koma/shared';
import { contract, type Endpoint } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderCalls } from '../../test/folders-test-helpers.js';
import { person } from '../../test/people-fixtures.js';
import { present } from '../../test/present.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestProject } from '../../test/test-project.js';
import { loadOrCreateSecret } from '../files/app-secrets.repository.js';
import { fileUrlSecret } from '../files/signed-url.js';

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

describe('folders', () => {
  it('creates, lists, renames and deletes folders; names are required and at most 60 characters', async () => {
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const projectId = await createTestProject(t, founder, { members: [member] });
    expect(
      await f.call(member, contract.folders.saveDir, { projectId, dirName: ' 設定資料 ' }),
    ).toMatchObject({
      http: 200,
      body: { info: ja.saved },
    });
    await f.call(founder, contract.folders.saveDir, { projectId, dirName: 'ネーム' });
    const made = await f.dirs(founder, projectId);
    const [first, second] = [present(made[0], 'first folder'), present(made[1], 'second folder')];
    expect(first).toEqual({
      id: expect.any(Number),
      dirname: '設定資料',
      fileCount: 0,
      create_time: expect.stringMatching(/Z$/),
    });
    expect(second.dirname).toBe('ネーム');

    await f.call(founder, contract.folders.saveDir, { projectId, dirName: 'キャラ設定', id: first.id });
    expect((await f.dirs(member, projectId)).map((d: { dirname: string }) => d.dirname)).toEqual([
      'キャラ設定',
      'ネーム',
    ]);
    for (const dirName of ['', '   ']) {
      expect(await f.call(founder, contract.folders.saveDir, { projectId, dirName })).toMatchObject({
        http: 400,
        body: { info: ja.folderNameRequired },
      });
    }
    const long = await f.call(founder, contract.folders.saveDir, { projectId, dirName: 'あ'.repeat(61) });
    expect(long).toMatchObject({ http: 400, body: { info: ja.folderNameTooLong } });

    const del = await f.call(member, contract.folders.removeDir, { projectId, dirId: second.id });
    expect(del).toMatchObject({ http: 200, body: { info: ja.deleted } });
    expect(await f.dirs(founder, projectId)).toHaveLength(1);
    expect((await f.call(member, contract.folders.removeDir, { projectId, dirId: second.id })).http).toBe(
      404,
    );
  });

  it("refuses to rename or delete another project's folder (404)", async () => {
    const founder = await person(t, 'creator');
    const mine = await f.projectWithFolder(founder);
    const theirs = await f.projectWithFolder(await person(t, 'creator'), [founder], '他人');
    const rename = { projectId: mine.projectId, dirName: '乗っ取り', id: theirs.dirId };
    expect(await f.call(founder, contract.folders.saveDir, rename)).toMatchObject({
      http: 404,
      body: { status: 404 },
    });
    const del = { projectId: mine.projectId, dirId: theirs.dirId };
    expect((await f.call(founder, contract.folders.removeDir, del)).http).toBe(404);
    expect((await f.call(founder, contract.folders.files, del)).http).toBe(404);
    expect((await f.dirs(founder, theirs.projectId))[0]?.dirname).toBe('他人');
  });

  it('hides everything from strangers (404) and anonymous callers (50014)', async () => {
    const founder = await person(t, 'creator');
    const stranger = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder);
    const { fileId } = await f.addFile(founder, projectId, dirId, 'a.txt', Buffer.from('a'));
    // Several endpoints in one list: their inputs are sent as given.
    const calls: [Endpoint, object][] = [
      [contract.folders.dirs, { projectId }],
      [contract.folders.saveDir, { projectId, dirName: 'x' }],
      [contract.folders.saveDir, { projectId, dirName: 'x', id: dirId }],
      [contract.folders.removeDir, { projectId, dirId }],
      [contract.folders.files, { projectId, dirId }],
      [contract.folders.removeFile, { projectId, dirId, fileId }],
      [contract.folders.link, { projectId, dirId, fileId }],
      [contract.folders.notes, { projectId, dirId, fileId }],
      [contract.folders.addNote, { projectId, dirId, fileId, content: 'x' }],
    ];
    for (const [endpoint, body] of calls) {
      const { path } = endpoint;
      const asStranger = await f.callUnchecked(stranger, endpoint, body);
      expect(asStranger, path).toMatchObject({ http: 404, body: { status: 404 } });
      expect(await f.callUnchecked(null, endpoint, body), path).toMatchObject({
        http: 401,
        body: { status: 50014 },
      });
    }
    expect(await f.dirs(founder, projectId)).toEqual([
      expect.objectContaining({ dirname: '資料', fileCount: 1 }),
    ]);
  });
});

describe('file notes', () => {
  it('adds and lists notes oldest first; an empty note is refused', async () => {
    const founder = await person(t, 'creator', { nickname: 'ノート原作' });
    const member = await person(t, 'creator', { nickname: 'ノート作画' });
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const { fileId } = await f.addFile(founder, projectId, dirId, 'n.txt', Buffer.from('n'));
    const ids = { projectId, dirId, fileId };
    expect(
      await f.call(member, contract.folders.addNote, { ...ids, content: '一つ目\n二行目' }),
    ).toMatchObject({
      http: 200,
      body: { info: ja.posted },
    });
    await f.call(founder, contract.folders.addNote, { ...ids, content: '二つ目' });
    for (const content of ['', '  \n ']) {
      expect(await f.call(founder, contract.folders.addNote, { ...ids, content })).toMatchObject({
        http: 400,
        body: { info: ja.contentRequired },
      });
    }
    const tooLong = await f.call(founder, contract.folders.addNote, { ...ids, content: 'あ'.repeat(1001) });
    expect(tooLong).toMatchObject({ http: 400, body: { info: ja.contentTooLong } });

    const notes = await f.call(founder, contract.folders.notes, ids);
    expect(notes.body.data.list).toEqual([
      {
        id: expect.any(Number),
        content: '一つ目\n二行目',
        user: { id: member.id, nickname: 'ノート作画', pic: '' },
        create_at: expect.stringMatching(/Z$/),
      },
      expect.objectContaining({ content: '二つ目', user: expect.objectContaining({ id: founder.id }) }),
    ]);
  });
});

describe('the signing secret', () => {
  it('is made once and stored, so every instance signs alike', async () => {
    const { db } = t.app.deps;
    const secret = await fileUrlSecret(db);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await fileUrlSecret(db)).toBe(secret);
    expect(await loadOrCreateSecret(db, 'file-url-signing', 'another instance')).toBe(secret);
  });
});
