import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from './token';

/** The cookie strings the page writes, on a page loaded over `protocol`. */
function cookiesWritten(protocol: 'http:' | 'https:', write: () => void): string[] {
  const written: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
  write();
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session token cookie', () => {
  it('is Secure on a page served over HTTPS, also when it is removed', () => {
    const [set] = cookiesWritten('https:', () => setToken('abc'));
    expect(set).toMatch(/^koma_token=abc;/);
    expect(set?.toLowerCase()).toContain('; secure');
    expect(set?.toLowerCase()).toContain('; samesite=lax');
    const [removed] = cookiesWritten('https:', () => removeToken());
    expect(removed?.toLowerCase()).toContain('; secure');
  });

  it('is not Secure on a plain-HTTP page, where the browser would drop it', () => {
    const [set] = cookiesWritten('http:', () => setToken('abc'));
    expect(set).toMatch(/^koma_token=abc;/);
    expect(set?.toLowerCase()).not.toContain('secure');
  });
});
