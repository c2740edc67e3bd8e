import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name as string, values]),
  );
}

// One answer of each kind: a public JSON call, a refusal, an unknown path, a stored file's 404.
const CALLS = [
  ['GET', contract.health.live.path],
  ['GET', contract.profiles.me.path],
  ['GET', '/api/nothing-here'],
  ['GET', '/api/files/1/2025/01/00000000000000000000000000000000.png'],
  ['POST', contract.accounts.login.path],
  ['GET', '/'],
  ['GET', '/dashboard'],
] as const;

describe('security headers (OWASP secure headers), on plain HTTP', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // A stand-in for the built web app: its pages are where the CSP matters most.
    web = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-web-'));
    await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>Koma</title>');
    t = await createTestApp({ trustProxy: false, webDistDir: web });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(web, { recursive: true, force: true });
  });

  it.each(CALLS)('%s %s carries them', async (method, url) => {
    const res = await t.app.inject({ method, url });
    if (!url.startsWith('/api/')) expect(res.headers['content-type']).toMatch(/^text\/html/);
    const h = res.headers;
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['x-powered-by']).toBeUndefined();
    // Plain HTTP (no TLS proxy in front): no HSTS, a local start must not pin browsers to HTTPS.
    expect(h['strict-transport-security']).toBeUndefined();

    const csp = directives(String(h['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toEqual(["'self'"]);
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*']) {
      expect(scripts).not.toContain(unsafe);
    }
  });
});

describe('behind a TLS proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds HSTS for a year with subdomains, and keeps the others', async () => {
    const res = await t.app.inject({ method: 'GET', url: contract.health.live.path });
    const hsts = String(res.headers['strict-transport-security']);
    expect(hsts).toContain('includeSubDomains');
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(directives(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });
});
