#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, as many at a time as the
// machine has cores. Each project checks the shared package's sources again, so run one after
// another they took 4 minutes of a CI run on 2 cores; `tsc --build` would need every project to
// be made composite and emit declarations, for no other gain (docs/testing.md).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The largest first, so the small ones fill in behind them.
const projects = ['apps/web', 'apps/server', 'e2e', 'bench', 'scripts/trials', 'packages/shared'];
const atOnce = Math.max(1, Math.min(os.availableParallelism(), projects.length));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...projects];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const started = Date.now();
    const { code, output } = await check(project);
    // Each project's errors are printed together, never interleaved with another's.
    if (output) process.stdout.write(output);
    console.log(
      `tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (code !== 0) failed.push(project);
  }
}
await Promise.all(Array.from({ length: atOnce }, worker));
process.exit(failed.length === 0 ? 0 : 1);
