#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server on its embedded defaults (PGlite, local disk, mail to a folder).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  const sources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'].map((p) =>
    path.join(root, p),
  );
  return sources.some(
    (s) =>
      fs.existsSync(s) && (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs) > built,
  );
}

if (webIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@koma/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// V8 sizes its heap for the whole machine, then lets garbage pile up to hundreds of MB before a
// full collection; a cap keeps an instance close to its live size (~70 MB of heap with 100,000
// people; the match index holds ~0.3 KB per person: raise the cap for a far larger community).
const server = spawn(
  process.execPath,
  ['--max-old-space-size=256', '--import', 'tsx', 'apps/server/src/server.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    // glibc gives each of sharp's decoding threads a malloc arena it never hands back: a fresh
    // server grew by ~260 MB on its first correction sheet, 64 MB with two arenas, and rendering
    // pages was not slower (bench/README.md, "Red-pen marks"). An explicit setting still wins.
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
