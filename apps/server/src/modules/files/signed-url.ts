import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS, UploadType } from '@koma/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { perDatabase } from '../../lib/per-database.js';
import { deliveryOf, extensionOf, parseUploadKey, pathOfKey } from '../uploads/upload-names.js';
import { findUploadByKey } from '../uploads/uploads.repository.js';
import { loadOrCreateSecret } from './app-secrets.repository.js';

/**
 * Short-lived download links for private storage keys (docs/files.md):
 * `/api/files/<key>?exp=<unix seconds>&sig=<base64url HMAC-SHA256 of key and exp>`, or the
 * store's presigned link in S3 mode (privateFileLink).
 */
const SECRET_NAME = 'file-url-signing';
// Binds the signature to this use, should the secret ever sign anything else.
const PURPOSE = 'koma-file-url-v1';
const EXP_PATTERN = /^\d{1,12}$/;

const unixSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

function signature(key: string, exp: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${key}\n${exp}`).digest();
}

/** `exp=…&sig=…` proving, until `ttlSeconds` from `now`, that the server handed out `key`. */
export function signedQuery(key: string, secret: string, ttlSeconds: number, now = new Date()): string {
  const exp = unixSeconds(now) + ttlSeconds;
  const sig = signature(key, exp, secret).toString('base64url');
  return `exp=${exp}&sig=${sig}`;
}

/** A link to `key` that works for `ttlSeconds` from `now`. */
export function signedFileUrl(key: string, secret: string, ttlSeconds: number, now = new Date()): string {
  return `${pathOfKey(key)}?${signedQuery(key, secret, ttlSeconds, now)}`;
}

/** True when `sig` was made by `signedFileUrl` for this key and exp, and exp has not passed. */
export function verifySignedUrl(
  key: string,
  exp: string | number | undefined,
  sig: string | undefined,
  secret: string,
  now = new Date(),
): boolean {
  const expText = String(exp ?? '');
  if (!sig || !EXP_PATTERN.test(expText)) return false;
  const expires = Number(expText);
  if (expires <= unixSeconds(now)) return false;
  const expected = signature(key, expires, secret);
  const given = Buffer.from(sig, 'base64url');
  // Re-encoding catches non-canonical spellings the lenient base64url decoder would accept.
  if (given.length !== expected.length || given.toString('base64url') !== sig) return false;
  return timingSafeEqual(given, expected);
}

/**
 * Every instance shares the stored secret and reads it once per database, however many ask at
 * once, then keeps it for good (no ttl: it never changes). A failed read (database down) is not
 * kept: the next request tries again.
 */
const secretsOf = perDatabase(
  (db: Db) =>
    new LRUCache<string, string>({
      max: 1,
      fetchMethod: (name) => loadOrCreateSecret(db, name, randomBytes(32).toString('base64url')),
    }),
);

/** The signing secret of this database, created on first use (pass the database, not a transaction). */
export function fileUrlSecret(db: Db): Promise<string> {
  return secretsOf(db).forceFetch(SECRET_NAME);
}

/** What making a private file link needs: the database (not a transaction) and the store. */
export type FileLinks = Pick<Deps, 'db' | 'storage'>;

/**
 * A short-lived link to a private file, or '' when there is no file (docs/files.md): the
 * store's presigned link when it makes them (S3: the browser downloads from the bucket, with the
 * headers GET /api/files would send), else a signed /api/files link the server answers itself.
 */
export async function privateFileLink({ db, storage }: FileLinks, key: string): Promise<string> {
  if (!key) return '';
  if (!storage.signedUrl) return signedFileUrl(key, await fileUrlSecret(db), LIMITS.signedUrlSeconds);
  const type = parseUploadKey(key)?.type ?? 0;
  const upload = type === UploadType.FILE ? await findUploadByKey(db, key) : undefined;
  const { contentType, disposition } = deliveryOf(extensionOf(key), type, upload?.filename);
  return storage.signedUrl(key, LIMITS.signedUrlSeconds, {
    contentType,
    contentDisposition: disposition,
    cacheControl: 'private, no-store',
  });
}

/** What a link made for one person signs: the key and who (docs/access.md, "The access record"). */
export const keyFor = (key: string, userId: number) => `${key}\nby=${userId}`;

/**
 * A private file link made for one person, so its download is recorded under their name: signed
 * with their id on disk; in S3 mode the store's presigned link, which the server never sees (not
 * recorded, docs/access.md).
 */
export async function privateFileLinkFor(deps: FileLinks, key: string, userId: number): Promise<string> {
  if (!key || deps.storage.signedUrl) return privateFileLink(deps, key);
  const query = signedQuery(keyFor(key, userId), await fileUrlSecret(deps.db), LIMITS.signedUrlSeconds);
  return `${pathOfKey(key)}?by=${userId}&${query}`;
}
