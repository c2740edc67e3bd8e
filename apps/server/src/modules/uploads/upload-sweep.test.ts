import { UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { folderCalls } from '../../test/folders-test-helpers.js';
import { type Person, person, profileOf } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import { act, approvedChapter, pageFile, pageSteps, standardPlan } from '../../test/workflow-test-helpers.js';
import { thumbnailKey } from './thumbnails.js';
import { removeUnattachedUploads, UNATTACHED_TTL_MS } from './unattached.js';
import { keyOfPath } from './upload-names.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderConcurrency: 0 });
});
afterAll(async () => {
  await t.close();
});

const keyOf = (path: string) => keyOfPath(path) as string;

async function uploadOf(who: Person, type: number, name: string): Promise<string> {
  const data = type === UploadType.FILE ? Buffer.from('資料') : await image('png');
  const res = await upload(t, form(type, name, data), who.token);
  if (res.http !== 200) throw new Error(`not uploaded: ${res.body.info}`);
  return res.body.data.path;
}

async function storedKeys(): Promise<Set<string>> {
  const { rows } = await t.app.deps.db.execute<{ key: string }>(sql`select key from uploads`);
  return new Set(rows.map((r) => r.key));
}

async function saveProfile(who: Person, pictures: { pic?: string; icon?: string }) {
  const saved = await call(
    t,
    contract.profiles.save,
    profileOf('creator', who.nickname, pictures),
    who.token,
  );
  expect(saved.http).toBe(200);
}

describe('the sweep of uploads nothing holds', () => {
  it('removes every type a day after it was left, files and thumbnails too; nothing saved goes', async () => {
    // Saved somewhere: a team's covers, storyboard pages, a hand-in, a sending back's example, a
    // folder's file and proposal, profiles' pictures.
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const stepId = (await pageSteps(t, p, p.pageIds[0] as number, p.artist)).steps[0]?.step_id as number;
    expect((await act(t, p, p.artist, 'actionStart', stepId)).http).toBe(200);
    const handIn = await pageFile(t, p.artist, 'work.png');
    expect((await act(t, p, p.artist, 'actionCommit', stepId, { filePath: handIn })).http).toBe(200);
    const example = await uploadOf(p.founder, UploadType.SAMPLE, 'example.png');
    const sentBack = await act(t, p, p.founder, 'actionAuditReject', stepId, {
      remark: '直し',
      filePath: example,
    });
    expect(sentBack.http).toBe(200);
    const f = folderCalls(t);
    const dirId = await f.makeDir(p.founder, p.projectId, '資料');
    const folderFile = await f.addFile(p.founder, p.projectId, dirId, '設定.pdf', Buffer.from('設定'));
    const proposal = await uploadOf(p.founder, UploadType.FILE, '企画書.pdf');
    await createProject(t, p.founder, { proposals: proposal, proposalfile: '企画書.pdf' });
    const oldAvatar = await uploadOf(p.artist, UploadType.AVATAR, 'old.png');
    await saveProfile(p.artist, { pic: oldAvatar });
    const avatar = await uploadOf(p.artist, UploadType.AVATAR, 'me.png');
    const background = await uploadOf(p.artist, UploadType.BACKGROUND, 'back.png');
    await saveProfile(p.artist, { pic: avatar, icon: background });

    // Held by nothing: an account of no project's uploads of every type, and the replaced avatar.
    const loner = await person(t, 'creator');
    const loose = [
      await uploadOf(loner, UploadType.AVATAR, 'a.png'),
      await uploadOf(loner, UploadType.BACKGROUND, 'b.png'),
      await uploadOf(loner, UploadType.COVER, 'c.png'),
      await uploadOf(loner, UploadType.FILE, 'd.pdf'),
      await uploadOf(loner, UploadType.PAGE, 'e.png'),
      await uploadOf(loner, UploadType.SAMPLE, 'f.png'),
      oldAvatar,
    ].map(keyOf);
    const storage = t.app.deps.storage;
    expect(await storage.stat(thumbnailKey(keyOf(oldAvatar)))).not.toBeNull();

    const before = await storedKeys();
    const { db } = t.app.deps;
    expect(
      await removeUnattachedUploads(db, storage, new Date(Date.now() + UNATTACHED_TTL_MS - 60_000)),
    ).toBe(0);
    await removeUnattachedUploads(db, storage, new Date(Date.now() + UNATTACHED_TTL_MS + 60_000));
    const after = await storedKeys();

    expect([...before].filter((key) => !after.has(key)).sort()).toEqual([...loose].sort());
    for (const key of loose) {
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.stat(thumbnailKey(key))).toBeNull();
    }
    const saved = [handIn, example, folderFile.path, proposal, avatar, background].map(keyOf);
    for (const key of [...after, ...saved]) expect(await storage.stat(key), key).not.toBeNull();
    expect(await storage.stat(thumbnailKey(keyOf(avatar)))).not.toBeNull();
    // The saved ones still answer where they are shown.
    const me = (await call(t, contract.profiles.me, undefined, p.artist.token)).body.data;
    expect(me).toMatchObject({ pic: avatar, icon: background });
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
  });

  it('refuses to save a picture the sweep took, and keeps the profile as it was', async () => {
    const me = await person(t, 'creator');
    const avatar = await uploadOf(me, UploadType.AVATAR, 'late.png');
    await removeUnattachedUploads(
      t.app.deps.db,
      t.app.deps.storage,
      new Date(Date.now() + 2 * UNATTACHED_TTL_MS),
    );
    const saved = await call(
      t,
      contract.profiles.save,
      profileOf('creator', me.nickname, { pic: avatar }),
      me.token,
    );
    expect(saved.http).toBe(400);
    expect((await call(t, contract.profiles.me, undefined, me.token)).body.data.pic).toBe('');
  });
});
