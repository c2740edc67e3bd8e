import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Feature folders never reach into each other (docs/architecture.md, "Web"): code outside a
 * feature imports it through its `index.ts`. Dynamic `import()` may name a module directly: those
 * are the code-split entries (routed pages, dialogs loaded on demand) that a barrel would defeat.
 */
const src = path.resolve(import.meta.dirname, '..');
const features = path.join(src, 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a path lies in, or null outside features/. */
function featureOf(file: string): string | null {
  const rel = path.relative(features, file);
  return rel.startsWith('..') ? null : (rel.split(path.sep)[0] ?? null);
}

/** Static imports (`import … from`, `export … from`) with a relative source. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => m[1] as string);
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const own = featureOf(file);
    for (const source of staticImports(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), source);
      const feature = featureOf(target);
      if (!feature || feature === own) continue;
      if (target === path.join(features, feature) || target === path.join(features, feature, 'index'))
        continue;
      found.push(`${path.relative(src, file)} → ${source}`);
    }
  }
  return found;
}

describe('feature folders', () => {
  it('import another feature only through its index.ts', () => {
    expect(violations()).toEqual([]);
  });

  it('catch a deep import (the check itself works)', () => {
    expect(staticImports("import { x } from '../../chapters/lib/chapter-route';\n")).toEqual([
      '../../chapters/lib/chapter-route',
    ]);
    expect(featureOf(path.join(features, 'chapters', 'lib', 'x.ts'))).toBe('chapters');
  });
});
