import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@koma/shared/routes';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const home = 'packages/shared/src/contract/routes.ts';

/** Every tracked source file of the repo (docs describe the API in prose and are not code). */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== home && !f.includes('node_modules'));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the API paths', () => {
  it('are written once, in the contract: code, tests, benches and scripts take them from it', () => {
    const paths = Object.values(routes).flatMap((calls) => Object.values(calls).map((r) => r.path));
    // A path as a string of its own (quoted, or a glob's `**`), not a mention in a comment.
    const written = new RegExp(`(['"\`]|\\*\\*)(${paths.map(escapeRegExp).join('|')})(?=['"\`?])`, 'g');
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(path.join(repo, file), 'utf8');
      for (const match of text.matchAll(written)) found.push(`${file}: ${match[2]}`);
    }
    expect(found).toEqual([]);
  });
});
