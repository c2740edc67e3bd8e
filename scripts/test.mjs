#!/usr/bin/env node
// `npm test`: lint, type-check, unit and API tests, the web build and its size budget, then
// the browser tests. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['type-check', 'npm', ['run', 'typecheck']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['web build', 'npm', ['run', 'build', '-w', '@koma/web']],
  ['bundle budget', 'node', ['bench/bundle-size.mjs', '--check']],
  ['browser tests', 'node', ['scripts/e2e.mjs']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n*** ${name} failed (exit ${r.status})`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
