import { createHmac, timingSafeEqual } from 'node:crypto';
import { NoticeKind } from '@koma/shared';

/**
 * The token of a mail's one-click unsubscribe link (docs/notices.md, "Unsubscribe"):
 * `<user id>.<kind>.<base64url HMAC-SHA256>`, signed with the database's signing secret
 * (files/signed-url.ts) under a purpose of its own. It does not expire: a mail read months later
 * still stops its kind.
 */
const PURPOSE = 'koma-notice-unsubscribe-v1';
/** The kind a digest's token names: it stops every kind the reader gets in digests. */
export const DIGEST_TOKEN_KIND = 'digest';
/** What a token may name: one kind of notice, or the digest. */
const KINDS: readonly string[] = [...Object.values(NoticeKind), DIGEST_TOKEN_KIND];

function signature(userId: number, kind: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${kind}`).digest();
}

export function unsubscribeToken(userId: number, kind: string, secret: string): string {
  return `${userId}.${kind}.${signature(userId, kind, secret).toString('base64url')}`;
}

/** The reader and kind a token names; null when it was not made by `unsubscribeToken`. */
export function verifyUnsubscribeToken(
  token: string,
  secret: string,
): { userId: number; kind: string } | null {
  const match = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as string;
  if (!KINDS.includes(kind)) return null;
  const given = Buffer.from(match[3] as string, 'base64url');
  const expected = signature(userId, kind, secret);
  if (given.length !== expected.length || given.toString('base64url') !== match[3]) return null;
  return timingSafeEqual(given, expected) ? { userId, kind } : null;
}
