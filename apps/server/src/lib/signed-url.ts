import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS, UploadType } from '@koma/shared';
import type { Db } from '../db/client.js';
import { loadOrCreateSecret } from '../modules/folders/app-secrets.repository.js';
import { deliveryOf, extensionOf, parseUploadKey } from '../modules/uploads/upload-names.js';
import { findUploadByKey } from '../modules/uploads/uploads.repository.js';
import type { Deps } from './deps.js';

/**
 * Short-lived download links for private storage keys (DESIGN.md section 8):
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
  return `/api/files/${key}?${signedQuery(key, secret, ttlSeconds, now)}`;
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

// One load per database: every instance shares the stored secret, each caches it once.
const secrets = new WeakMap<Db, Promise<string>>();

/** The signing secret of this database, created on first use (pass the database, not a transaction). */
export function fileUrlSecret(db: Db): Promise<string> {
  const cached = secrets.get(db);
  if (cached) return cached;
  const loading = loadOrCreateSecret(db, SECRET_NAME, randomBytes(32).toString('base64url'));
  secrets.set(db, loading);
  // A failed load (database down) is not remembered: the next request tries again.
  loading.catch(() => {
    if (secrets.get(db) === loading) secrets.delete(db);
  });
  return loading;
}

/** What making a private file link needs: the database (not a transaction) and the store. */
export type FileLinks = Pick<Deps, 'db' | 'storage'>;

/**
 * A short-lived link to a private file, or '' when there is no file (DESIGN.md section 8): the
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
