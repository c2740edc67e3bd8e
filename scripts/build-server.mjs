#!/usr/bin/env node
// Compiles the server for `npm start` into apps/server/dist, plain JavaScript for plain `node`
// (docs/architecture.md, "Production build"). Run alone, it builds whether or not it is stale.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'apps/server/src');
const sharedDir = path.join(root, 'packages/shared');
export const serverDist = path.join(root, 'apps/server/dist');
export const serverEntry = path.join(serverDist, 'server.js');
/** Written last: a build cut short is never taken for a finished one. */
const builtStamp = path.join(serverDist, '.built');

/** The newest change at or under `file`: folders count too, so a deleted file does. */
function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/** Whether `built` is missing or older than any of `sources` (files or folders, relative to the root). */
export function isStale(built, sources) {
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return sources.map((s) => path.join(root, s)).some((s) => fs.existsSync(s) && newestMtime(s) > builtAt);
}

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const isTest = (file) => /\.test\.ts$/.test(file) || file.startsWith(path.join(sourceDir, 'test') + path.sep);

/**
 * Every server file stays its own file at its own place, so `import.meta.dirname` and the modules
 * started in a worker or child process (lib/module-entry.ts) find what they found in src. Only
 * @koma/shared, whose exports point at TypeScript, is bundled in: into chunks shared by all the
 * files (one copy of each of its modules), its i18n JSON inlined, which Node 20 would otherwise
 * load as an experimental feature. Packages stay in node_modules.
 */
const ownFilesStayFiles = {
  name: 'own-files-stay-files',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const fromShared = args.importer.startsWith(sharedDir + path.sep);
      if (fromShared && args.path.startsWith('.')) return undefined;
      if (args.path === '@koma/shared' || args.path.startsWith('@koma/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  fs.rmSync(serverDist, { recursive: true, force: true });
  const sources = filesUnder(sourceDir).filter((file) => !isTest(file));
  await esbuild.build({
    entryPoints: sources.filter((file) => file.endsWith('.ts')),
    outdir: serverDist,
    outbase: sourceDir,
    bundle: true,
    splitting: true,
    chunkNames: 'koma-shared/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [ownFilesStayFiles],
  });
  // Files the code reads beside itself (new URL('./…', import.meta.url)).
  for (const file of sources.filter((f) => !f.endsWith('.ts'))) {
    const target = path.join(serverDist, path.relative(sourceDir, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  fs.writeFileSync(builtStamp, `${new Date().toISOString()}\n`);
}

/** Builds when the compiled server is missing or older than its sources (or this script). */
export async function buildServerIfStale() {
  const sources = [
    'apps/server/src',
    'packages/shared/src',
    'packages/shared/package.json',
    'scripts/build-server.mjs',
  ];
  if (!isStale(builtStamp, sources)) return false;
  await buildServer();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
