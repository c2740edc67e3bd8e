#!/usr/bin/env node
// `npm start`: builds the web app and compiles the server when either is missing or older than
// its sources, then runs the compiled server with plain `node` (no TypeScript loader: less memory
// and a faster start, bench/README.md "Server start") on its embedded defaults (PGlite, local
// disk, mail to a folder).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale, isStale, serverEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webSources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'];

if (isStale(path.join(root, 'apps/web/dist/index.html'), webSources)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@koma/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (await buildServerIfStale()) console.log('Compiled the server.');

// V8 sizes its heap for the whole machine, then lets garbage pile up to hundreds of MB before a
// full collection; a cap keeps an instance close to its live size (~70 MB of heap with 100,000
// people; the match index holds ~0.3 KB per person: raise the cap for a far larger community).
const server = spawn(process.execPath, ['--max-old-space-size=256', path.relative(root, serverEntry)], {
  cwd: root,
  stdio: 'inherit',
  // glibc gives each of sharp's decoding threads a malloc arena it never hands back: a fresh
  // server grew by ~260 MB on its first correction sheet, 64 MB with two arenas, and rendering
  // pages was not slower (bench/README.md, "Red-pen marks"). An explicit setting still wins.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
