import fs from 'node:fs';
import path from 'node:path';
import jaApp from '@koma/shared/i18n/ja/ui-app.json';
import jaBoot from '@koma/shared/i18n/ja/ui-boot.json';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

/** The sections of the two parts lib/i18n.ts loads: `boot` before the first render, `app` later. */
const BOOT_SECTIONS = [...Object.keys(jaBoot), 'validation'];
const APP_SECTIONS = [...Object.keys(jaApp), 'statuses'];

/** The first-load screens, loaded by app/router.tsx before the `app` texts. */
const LIGHT_PAGES = [
  'features/landing/pages/home-page.tsx',
  'features/errors/pages/not-found-page.tsx',
  'features/accounts/pages/login-page.tsx',
];

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.(ts|tsx)$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Every source file the first-load screens can run before the `app` texts are loaded: main.tsx
 * and the light pages with all they import, statically or lazily, except the router's lazy
 * routes beyond the light pages.
 */
function lightFiles(): string[] {
  const router = path.join(src, 'app/router.tsx');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const imports = [...code.matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)]
      .filter((m) => file !== router || m[1])
      .map((m) => m[1] ?? m[2] ?? '');
    for (const spec of imports) {
      const target = resolveImport(file, spec);
      if (target && !target.endsWith('.test.ts')) visit(target);
    }
  };
  visit(path.join(src, 'main.tsx'));
  for (const page of LIGHT_PAGES) visit(path.join(src, page));
  return [...seen];
}

describe('text sections', () => {
  it('put each section in one part only', () => {
    expect(APP_SECTIONS.filter((section) => BOOT_SECTIONS.includes(section))).toEqual([]);
  });

  it('cover every text the first-load screens use', () => {
    const files = lightFiles();
    expect(files.map((f) => path.relative(src, f))).toEqual(expect.arrayContaining(LIGHT_PAGES));
    const missing: string[] = [];
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      // Any literal that starts like a key ('section.x'), passed to t() directly or not.
      for (const [, section] of code.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
        if (section && APP_SECTIONS.includes(section)) {
          missing.push(`${path.relative(src, file)}: ${section}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
