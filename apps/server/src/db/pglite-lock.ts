import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is an embedded, single-process database: two processes on one data directory would
 * corrupt it. A lock file holding the owner's pid refuses the second one with a clear message;
 * a lock left by a process that no longer runs is taken over.
 */
export function acquirePgliteLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'koma.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => releaseLock(lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (isRunning(owner) && owner !== process.pid) {
        throw new Error(
          `The data directory ${dir} is already in use by another Koma server (pid ${owner}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseLock(lockPath: string): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.rmSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
