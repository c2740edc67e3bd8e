import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cleanups } from './cleanups.js';

/** This repository's root (the checkout the bench runs from). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs a command to its end, its output on stderr (stdout stays for the report), killed after
 * `timeoutMs` or when `cleanups` run; resolves with its stdout when `capture`.
 */
export function runCommand(
  cleanups: Cleanups,
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number; capture?: boolean },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Without a capture the child writes to our stdout: sent to stderr instead, keeping stdout the report's.
    if (!options.capture) child.stdout?.pipe(process.stderr);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    // A command run by a cleanup step (git worktree remove) is not one to stop.
    const forget = cleanups.cleaning
      ? async () => undefined
      : cleanups.add(`${command} ${args[0] ?? ''}`, () => child.kill('SIGTERM'));
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs);
    const killOnExit = () => child.kill('SIGTERM');
    process.once('exit', killOnExit);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', killOnExit);
      void forget();
      if (code === 0) resolve(out.trim());
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `code ${code}`}`));
    });
  });
}

/** The commit a ref names, and its one-line description. */
export async function describeCommit(cleanups: Cleanups, ref: string) {
  const git = (...args: string[]) =>
    runCommand(cleanups, 'git', args, { cwd: REPO_ROOT, timeoutMs: 30_000, capture: true });
  const sha = await git('rev-parse', '--verify', `${ref}^{commit}`);
  const title = await git('log', '-1', '--format=%h %s', sha);
  return { sha, title: title.length > 80 ? `${title.slice(0, 79)}…` : title };
}

/** Whether this checkout has changes not committed (they are measured: the working tree is). */
export async function hasLocalChanges(cleanups: Cleanups): Promise<boolean> {
  const status = await runCommand(cleanups, 'git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: REPO_ROOT,
    timeoutMs: 30_000,
    capture: true,
  });
  return status !== '';
}

/**
 * Checks `sha` out in a git worktree in a temporary folder and installs it as the lock file says
 * (`npm ci`); the worktree is removed by `cleanups`. Returns its root.
 */
export async function checkOutAndInstall(cleanups: Cleanups, sha: string): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-compare-'));
  const root = path.join(folder, 'ref');
  cleanups.add('temporary folder', () => fs.rmSync(folder, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    runCommand(cleanups, 'git', args, { cwd: REPO_ROOT, timeoutMs: 10 * 60_000 });
  await git('worktree', 'add', '--quiet', '--detach', root, sha);
  // Removing the worktree and its node_modules took over 2 minutes on the loaded shared machine.
  // Should it fail, the folder goes anyway and git forgets worktrees whose folder is gone.
  cleanups.add('git worktree', () =>
    git('worktree', 'remove', '--force', root).catch(() => {
      fs.rmSync(root, { recursive: true, force: true });
      return git('worktree', 'prune');
    }),
  );
  await runCommand(cleanups, 'npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: root,
    timeoutMs: 15 * 60_000,
  });
  return root;
}
