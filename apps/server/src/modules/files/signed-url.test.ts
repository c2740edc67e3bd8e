import { contract } from '@koma/shared/contract';
import { describe, expect, it } from 'vitest';
import { signedFileUrl, verifySignedUrl } from './signed-url.js';

const key = '4/2026/11/0123456789abcdef0123456789abcdef.pdf';
const secret = 'test-secret';
const now = new Date('2026-11-05T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function parts(url: string) {
  const parsed = new URL(url, 'http://localhost');
  return {
    path: parsed.pathname,
    exp: parsed.searchParams.get('exp') ?? undefined,
    sig: parsed.searchParams.get('sig') ?? undefined,
  };
}

describe('signed file URLs', () => {
  it('signs a key with its expiry and verifies until then', () => {
    const url = signedFileUrl(key, secret, 600, now);
    const { path, exp, sig } = parts(url);
    expect(path).toBe(contract.uploads.file.path.replace('*', key));
    expect(Number(exp)).toBe(now.getTime() / 1000 + 600);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifySignedUrl(key, exp, sig, secret, now)).toBe(true);
    expect(verifySignedUrl(key, exp, sig, secret, later(599))).toBe(true);
  });

  it('refuses an expired link', () => {
    const { exp, sig } = parts(signedFileUrl(key, secret, 600, now));
    expect(verifySignedUrl(key, exp, sig, secret, later(600))).toBe(false);
    expect(verifySignedUrl(key, exp, sig, secret, later(3600))).toBe(false);
  });

  it('refuses another key, a moved expiry, a tampered signature and another secret', () => {
    const { exp, sig = '' } = parts(signedFileUrl(key, secret, 600, now));
    expect(verifySignedUrl(key.replace('0123', '3210'), exp, sig, secret, now)).toBe(false);
    expect(verifySignedUrl(key, String(Number(exp) + 1), sig, secret, now)).toBe(false);
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    expect(verifySignedUrl(key, exp, flipped, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, sig, 'other-secret', now)).toBe(false);
  });

  it('refuses missing and malformed parameters', () => {
    const { exp, sig } = parts(signedFileUrl(key, secret, 600, now));
    expect(verifySignedUrl(key, undefined, sig, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, undefined, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, '', secret, now)).toBe(false);
    expect(verifySignedUrl(key, `${exp}.0`, sig, secret, now)).toBe(false);
    expect(verifySignedUrl(key, '-1', sig, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, `${sig}=`, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, `${sig}AAAA`, secret, now)).toBe(false);
    expect(verifySignedUrl(key, exp, 'not base64 at all!', secret, now)).toBe(false);
  });
});
