import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../infra/storage.js';
import { call } from '../../test/api.js';
import { addChapter, draftPages, productionTeam, uploadPageFile } from '../../test/chapter-fixtures.js';
import { oneBitTiff } from '../../test/page-files.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { renditionKeysOf, storedPageFile } from '../../test/rendition-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ORPHAN_GRACE_MS, removeOrphanFiles } from '../uploads/orphans.js';
import { uploads } from '../uploads/uploads.table.js';
import { dziKey, previewKey, thumbKey } from './rendition-keys.js';
import { deleteRenditions, renderUpload, renditionsOf } from './renditions.service.js';

let t: TestApp;
let owner: Person;
let page: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, 'creator');
  // Large enough for several tile levels and a few hundred output keys.
  page = await oneBitTiff(2000, 2800);
});
afterAll(async () => {
  await t.close();
});

const stored = (data: Buffer = page, ext = 'tif') => storedPageFile(t, owner.id, ext, data);
const renditionKeys = (key: string) => renditionKeysOf(t, key);

/**
 * Cuts a running render's temp copy of `page` in half (told apart by its size from the renders
 * other test files may be running).
 */
async function halveTempCopy(): Promise<void> {
  const folders = (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith('koma-render-'));
  for (const folder of folders) {
    const original = path.join(os.tmpdir(), folder, 'original');
    const stats = await fs.stat(original).catch(() => null);
    if (stats?.size === page.length) await fs.truncate(original, Math.floor(stats.size / 2));
  }
}

/** The test app's storage with some calls replaced. */
const storageWith = (changes: Partial<Storage>): Storage => ({ ...t.app.deps.storage, ...changes });

describe('renditions in storage', () => {
  it('an upload deleted while its original is read ends the render without a retry and without files', async () => {
    const { id, key } = await stored();
    const vanishing = storageWith({
      get: async (k) => {
        await t.app.deps.db.delete(uploads).where(eq(uploads.id, id));
        await t.app.deps.storage.delete(k);
        return t.app.deps.storage.get(k);
      },
    });
    expect(await renderUpload({ db: t.app.deps.db, storage: vanishing }, id)).toBeNull();
    expect(await renditionKeys(key)).toEqual([]);
  });

  it('a store that fails midway through the tiles keeps none of them and leaves the row pending with its previews; the retry finishes', async () => {
    const { id, key } = await stored();
    let puts = 0;
    const failing = storageWith({
      put: (k, source, max) => {
        puts++;
        return puts > 20
          ? Promise.reject(new Error('the store is gone'))
          : t.app.deps.storage.put(k, source, max);
      },
    });
    await expect(renderUpload({ db: t.app.deps.db, storage: failing }, id)).rejects.toThrow(
      'the store is gone',
    );
    expect(puts).toBeGreaterThan(20);
    expect((await renditionKeys(key)).sort()).toEqual([previewKey(key), thumbKey(key)]);
    expect((await renditionsOf(t.app.deps.db, [id])).get(id)).toMatchObject({
      status: 'pending',
      preview: previewKey(key),
      dzi: null,
    });

    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    expect((await renditionKeys(key)).length).toBeGreaterThan(20);
  });

  it('a file found broken at the tiles, after its previews were stored, keeps nothing', async () => {
    const { id, key } = await stored();
    // The render's temp copy of the original is cut in half once the previews are stored, so
    // the second decode (the tiles) meets a broken file.
    const breaking = storageWith({
      put: async (k, source, max) => {
        const put = await t.app.deps.storage.put(k, source, max);
        if (k === previewKey(key)) await halveTempCopy();
        return put;
      },
    });
    expect(await renderUpload({ db: t.app.deps.db, storage: breaking }, id)).toBe('failed');
    expect(await renditionKeys(key)).toEqual([]);
    expect((await renditionsOf(t.app.deps.db, [id])).get(id)).toMatchObject({
      reason: 'renditionBroken',
      preview: null,
    });
  });

  it('a re-run of a settled upload reads and writes nothing', async () => {
    const { id, key } = await stored();
    expect(await renderUpload(t.app.deps, id)).toBe('ready');
    const before = await renditionKeys(key);
    let touched = 0;
    const watched = storageWith({
      get: (k) => {
        touched++;
        return t.app.deps.storage.get(k);
      },
      put: (k, source, max) => {
        touched++;
        return t.app.deps.storage.put(k, source, max);
      },
    });
    expect(await renderUpload({ db: t.app.deps.db, storage: watched }, id)).toBe('ready');
    expect(touched).toBe(0);
    expect(await renditionKeys(key)).toEqual(before);
  });

  it('deleteRenditions removes every rendition key and leaves the original', async () => {
    const { id, key } = await stored();
    await renderUpload(t.app.deps, id);
    expect(await renditionKeys(key)).toContain(dziKey(key));
    await deleteRenditions(t.app.deps.storage, key);
    expect(await renditionKeys(key)).toEqual([]);
    expect(await t.app.deps.storage.stat(key)).not.toBeNull();
  });

  it('an upload deleted while it renders leaves no rendition behind', async () => {
    const { id, key } = await stored();
    const deletedMeanwhile = storageWith({
      get: async (k) => {
        await t.app.deps.db.delete(uploads).where(eq(uploads.id, id));
        return t.app.deps.storage.get(k);
      },
    });
    expect(await renderUpload({ db: t.app.deps.db, storage: deletedMeanwhile }, id)).toBeNull();
    expect(await renditionKeys(key)).toEqual([]);
    expect(await renderUpload(t.app.deps, id)).toBeNull();
  });

  it('the orphan sweep keeps the renditions of a live upload and removes those of a deleted one', async () => {
    const live = await stored();
    const gone = await stored();
    await renderUpload(t.app.deps, live.id);
    await renderUpload(t.app.deps, gone.id);
    const kept = await renditionKeys(live.key);
    // A crash between deleting the row and removing the files leaves both behind.
    await t.app.deps.db.delete(uploads).where(eq(uploads.id, gone.id));

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    await removeOrphanFiles(t.app.deps.db, t.app.deps.storage, later);
    expect(await renditionKeys(live.key)).toEqual(kept);
    expect(await t.app.deps.storage.stat(live.key)).not.toBeNull();
    expect(await renditionKeys(gone.key)).toEqual([]);
  });
});

describe('renditions leave with their original', () => {
  it('with their page: a draft page keeps every file it was given (issue 40), until it is deleted', async () => {
    const team = await productionTeam(t);
    const chapterId = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const [pageRow] = await draftPages(t, team.founder, team.projectId, chapterId);
    const pageId = pageRow?.id ?? 0;
    const renderedPage = async () => {
      const res = await uploadPageFile(t, team.founder, team.projectId, pageId);
      expect(res.http).toBe(200);
      const [row] = await t.app.deps.db
        .select({ id: uploads.id, key: uploads.key })
        .from(uploads)
        .where(eq(uploads.userId, team.founder.id))
        .orderBy(uploads.id)
        .then((rows) => rows.slice(-1));
      if (!row) throw new Error('no upload row');
      expect(await renderUpload(t.app.deps, row.id)).toBe('ready');
      expect(await renditionKeys(row.key)).not.toEqual([]);
      return row.key;
    };

    const first = await renderedPage();
    const second = await renderedPage();
    // The storyboard's earlier revision stays, with its renditions, to be compared and marked
    // (docs/production.md, "Storyboard revisions").
    expect(await renditionKeys(first)).not.toEqual([]);
    expect(await t.app.deps.storage.stat(first)).not.toBeNull();

    const deleted = await call(
      t,
      contract.pages.remove,
      { projectId: team.projectId, pageId },
      team.founder.token,
    );
    expect(deleted.http).toBe(200);
    expect(await renditionKeys(first)).toEqual([]);
    expect(await t.app.deps.storage.stat(first)).toBeNull();
    expect(await renditionKeys(second)).toEqual([]);
    expect(await t.app.deps.storage.stat(second)).toBeNull();
  });
});
