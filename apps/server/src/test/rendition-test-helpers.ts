import { Readable } from 'node:stream';
import { LIMITS, UploadType } from '@koma/shared';
import { renditionFolder } from '../modules/renditions/rendition-keys.js';
import { newUploadKey } from '../modules/uploads/upload-names.js';
import { insertUpload } from '../modules/uploads/uploads.repository.js';
import type { TestApp } from './test-app.js';

/** Stores `data` as `userId`'s uploaded page file named `page.<ext>`, with its row; its id and key. */
export async function storedPageFile(t: TestApp, userId: number, ext: string, data: Buffer) {
  const key = newUploadKey(UploadType.FILE, ext);
  await t.app.deps.storage.put(key, Readable.from([data]), LIMITS.fileMaxBytes);
  const row = await insertUpload(t.app.deps.db, {
    key,
    userId,
    type: UploadType.FILE,
    filename: `page.${ext}`,
    ext,
    size: data.length,
  });
  return { id: row.id, key };
}

/** Every stored key, rendition or not, as the test app's storage holds it. */
export async function allStoredKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  const listKeys = t.app.deps.storage.listKeys;
  if (!listKeys) throw new Error('the test storage lists its keys');
  for await (const k of listKeys(0, new Date(Date.now() + 60_000))) keys.push(k);
  return keys;
}

/** Every stored key under the original's rendition folder. */
export const renditionKeysOf = async (t: TestApp, key: string) =>
  (await allStoredKeys(t)).filter((k) => k.startsWith(`${renditionFolder(key)}/`));
