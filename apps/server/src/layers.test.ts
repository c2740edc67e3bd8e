import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md: `lib/` holds helpers that import no domain module, plugin
 * or route code, and `infra/` adapters import no domain module, so either can be used anywhere.
 */
const src = import.meta.dirname;

function importsOf(dir: string): { file: string; source: string }[] {
  return readdirSync(path.join(src, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) => {
      const code = readFileSync(path.join(src, dir, name), 'utf8');
      return [...code.matchAll(/from\s+'(\.[^']+)'/g)].map((m) => ({
        file: `${dir}/${name}`,
        source: m[1] as string,
      }));
    });
}

function reaching(dir: string, forbidden: string[]): string[] {
  return importsOf(dir)
    .filter(({ source }) => forbidden.some((layer) => source.startsWith(`../${layer}/`)))
    .map(({ file, source }) => `${file} → ${source}`);
}

describe('server layers', () => {
  it('lib imports no module, plugin, route or adapter code', () => {
    expect(reaching('lib', ['modules', 'plugins', 'http', 'demo', 'scripts'])).toEqual([]);
  });

  it('infra adapters import no module or route code', () => {
    expect(reaching('infra', ['modules', 'http', 'demo', 'scripts'])).toEqual([]);
  });
});
