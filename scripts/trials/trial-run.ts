import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A long trial's frame: its failures, its data folder, and the clean-up that runs on every way
 * out (its end, a watchdog past `timeoutMs`, Ctrl+C or SIGTERM), so a stopped trial leaves no
 * server, database or folder behind.
 */
export function trialRun(name: string, timeoutMs: number, release: () => Promise<void>) {
  const failures: string[] = [];
  const fail = (message: string) => {
    failures.push(message);
    console.error(`✗ ${message}`);
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `koma-${name}-`));
  const cleanUp = async () => {
    await release().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const abort = async (why: string) => {
    fail(why);
    await cleanUp();
    process.exit(1);
  };
  const watchdog = setTimeout(() => abort(`not finished within ${timeoutMs / 60_000} min`), timeoutMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => abort(`stopped by ${signal}`));

  /** Ends the trial: cleans up, then exits with the failures listed, or says there were none. */
  const finish = async (started: number) => {
    console.log(`\n${Math.round((performance.now() - started) / 1000)} s in all`);
    clearTimeout(watchdog);
    await cleanUp();
    if (failures.length > 0) {
      console.error(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
      process.exit(1);
    }
    console.log('no failure');
  };
  return { fail, dataDir, finish };
}
