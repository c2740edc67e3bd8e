import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquirePgliteLock } from './pglite-lock.js';

describe('one process per PGlite data directory', () => {
  it('refuses a second process with a clear message while the first runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-lock-'));
    const release = acquirePgliteLock(dir);
    try {
      // Another process asks for the same directory.
      const other = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${path.join(import.meta.dirname, 'pglite-lock.ts')}').then(m => m.acquirePgliteLock(${JSON.stringify(dir)}))`,
        ],
        { encoding: 'utf8' },
      );
      expect(other.status).not.toBe(0);
      expect(other.stderr).toContain('already in use by another Koma server');
    } finally {
      release();
    }
    expect(fs.existsSync(path.join(dir, 'koma.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-lock-'));
    fs.writeFileSync(path.join(dir, 'koma.lock'), '999999');
    const release = acquirePgliteLock(dir);
    expect(fs.readFileSync(path.join(dir, 'koma.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
