import fs from 'node:fs/promises';
import path from 'node:path';
import { UploadType } from '@koma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import { ORPHAN_GRACE_MS, removeOrphanFiles } from './orphans.js';
import { thumbnailKey } from './thumbnails.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
const keyOf = (p: string) => p.replace('/api/files/', '');

describe('files a crash left without their upload row', () => {
  it('are removed once old enough; files with a row, their thumbnails and recent files stay', async () => {
    const { token } = await signUpAndLogin(t);
    const avatar = await upload(t, form(UploadType.AVATAR, 'me.png', await image('png')), token);
    const file = await upload(t, form(UploadType.FILE, 'notes.txt', Buffer.from('kept')), token);
    expect([avatar.http, file.http]).toEqual([200, 200]);
    // What a kill between storing a file and inserting its row leaves: a whole file, no row.
    const orphan = '4/2026/11/0123456789abcdef0123456789abcdef.txt';
    const orphanFile = path.join(t.config.filesDir, orphan);
    await fs.mkdir(path.dirname(orphanFile), { recursive: true });
    await fs.writeFile(orphanFile, 'no row');

    // Too recent: an upload may be between its file and its row.
    expect(await removeOrphanFiles(t.app.deps.db, t.app.deps.storage)).toBe(0);
    expect(await removeOrphanFiles(t.app.deps.db, t.app.deps.storage, later())).toBe(1);

    await expect(fs.stat(orphanFile)).rejects.toThrow();
    for (const key of [
      keyOf(avatar.body.data.path),
      thumbnailKey(keyOf(avatar.body.data.path)),
      keyOf(file.body.data.path),
    ])
      expect(await t.app.deps.storage.stat(key)).not.toBeNull();
  });
});
