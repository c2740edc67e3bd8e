import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/personalInfo/personalInfo?x=1#y')).toBe('/personalInfo/personalInfo?x=1#y');
  });

  it('falls back for anything that could leave the site', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'dashboard',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\tx',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });

  it('builds ?redirect= only for safe targets', () => {
    expect(withRedirect('/login', '/dashboard')).toBe('/login?redirect=%2Fdashboard');
    expect(withRedirect('/login', '//evil.example')).toBe('/login');
  });
});
