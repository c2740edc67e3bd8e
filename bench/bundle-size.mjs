#!/usr/bin/env node
// Front-end budget (issue 6): the first-load JavaScript of /login and /dashboard, gzip, and the
// minified size of every chunk of the web build. Reads the Vite manifest of apps/web/dist (or
// WEB_DIST_DIR, or --dist=<dir>). `--check` fails when a budget is missed; `--all` lists every
// chunk instead of the largest ones.
//
// First-load JS is what the browser fetches before the screen can render, as app/router.tsx and
// lib/i18n.ts load it on a cold visit:
// - the entry chunk and every chunk it imports statically;
// - the boot-time dynamic imports of lib/i18n.ts, awaited before the first render: the default
//   language's (ja) interface texts and antd's locale;
// - the lazy chunks of every route matched by the path (the Query route, the guard and the layout
//   for a logged-in screen, then the page), with the text part the Query route awaits;
// - every chunk those import statically (Vite preloads them together).
// Chunks loaded later (dialogs on first open, the toast host, dayjs' locale after the first
// render) are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import firstScreenChunks from '../apps/web/first-screen-chunks.json' with { type: 'json' };

const KB = 1024;
/** No chunk may be larger than this, minified (before gzip). */
const MAX_CHUNK_KB = 500;

/**
 * Dynamic imports awaited before the first render on every path (lib/i18n.ts, language ja): the
 * `boot` texts and antd's locale, one chunk (apps/web/vite.config.ts, textsChunk).
 */
const BOOT = [{ group: 'texts-ja-boot' }];
/** Lazy routes above every logged-in screen (app/router.tsx), with the texts the first awaits. */
const APP_FRAME = [
  /^src\/app\/query-root\.tsx$/,
  { group: 'texts-ja-app' },
  /^src\/app\/route-guard\.tsx$/,
  /^src\/app\/layout\/app-layout\.tsx$/,
];

/** Route -> the manifest keys (source files) of its lazy chunks and its budget in KB gzip. */
const ROUTES = [
  { route: '/login', chunks: [/^src\/features\/accounts\/pages\/login-page\.tsx$/], budgetKb: 200 },
  {
    route: '/dashboard',
    chunks: [...APP_FRAME, /^src\/features\/dashboard\/pages\/dashboard-page\.tsx$/],
    // 350 until issue 39, whose ~20 new server messages (validation.json, loaded before the first
    // render) took it to 350.5: bench/README.md, "Bundle budget".
    budgetKb: 352,
  },
  // Shown for comparison, without a budget.
  { route: '/home', chunks: [/^src\/features\/landing\/pages\/home-page\.tsx$/], budgetKb: null },
];

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dist = path.resolve(
  import.meta.dirname,
  '..',
  arg('dist') ?? process.env.WEB_DIST_DIR ?? 'apps/web/dist',
);
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: build the web app first (npm run build -w @koma/web).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const keys = Object.keys(manifest);

const sizes = new Map();
/** Minified and gzip (level 9) size of an output file, in bytes. */
function size(file) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = fs.readFileSync(path.join(dist, file));
    s = { min: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, s);
  }
  return s;
}

function closure(key, seen) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
  return seen;
}

/**
 * The manifest key of a group chunk of apps/web/first-screen-chunks.json whose roots include a
 * module the pattern names: such a module has no manifest entry of its own.
 */
function groupKey(pattern) {
  const group = firstScreenChunks.find(({ roots }) => roots.some((root) => pattern.test(`src/${root}`)));
  return group ? keys.filter((k) => manifest[k].name === group.name && k.endsWith('.js')) : [];
}

const problems = [];
/** The manifest key a pattern names: a source file, or `{ group }`, a chunk named in vite.config.ts. */
function findKey(pattern, route) {
  const own = pattern.group ? [] : keys.filter((k) => pattern.test(k));
  const found = pattern.group
    ? keys.filter((k) => manifest[k].name === pattern.group && k.endsWith('.js'))
    : own.length
      ? own
      : groupKey(pattern);
  if (found.length !== 1) {
    problems.push(
      `${route}: ${found.length} manifest entries match ${pattern.group ?? pattern} (expected one)`,
    );
    return null;
  }
  return found[0];
}

const entryKey = keys.find((k) => manifest[k].isEntry);
const rows = [];
for (const { route, chunks, budgetKb } of ROUTES) {
  const seen = closure(entryKey, new Set());
  for (const pattern of [...BOOT, ...chunks]) {
    const key = findKey(pattern, route);
    if (key) closure(key, seen);
  }
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const gzip = files.reduce((sum, f) => sum + size(f).gzip, 0) / KB;
  const min = files.reduce((sum, f) => sum + size(f).min, 0) / KB;
  const over = budgetKb !== null && gzip > budgetKb;
  if (over) problems.push(`${route}: first-load JS ${gzip.toFixed(1)} KB gzip, budget ${budgetKb} KB`);
  rows.push({
    route,
    'first-load JS (KB gzip)': Number(gzip.toFixed(1)),
    'budget (KB gzip)': budgetKb ?? '-',
    'minified (KB)': Number(min.toFixed(1)),
    files: files.length,
    status: budgetKb === null ? '' : over ? 'OVER' : 'ok',
  });
}

const chunks = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, ...size(`assets/${f}`) }))
  .sort((a, b) => b.min - a.min);
const big = chunks.filter((c) => c.min > MAX_CHUNK_KB * KB);
for (const c of big)
  problems.push(`${c.file}: ${(c.min / KB).toFixed(1)} KB minified, limit ${MAX_CHUNK_KB} KB`);

console.log(`Web build: ${dist}`);
console.log('\nFirst-load JavaScript per route (cold visit, language ja):');
console.table(rows);
const listed = process.argv.includes('--all') ? chunks : chunks.slice(0, 12);
console.log(
  `\nChunks: ${chunks.length}, total ${(chunks.reduce((s, c) => s + c.min, 0) / KB).toFixed(0)} KB minified; ` +
    `limit ${MAX_CHUNK_KB} KB each${listed.length < chunks.length ? ` (largest ${listed.length}; --all lists every one)` : ''}:`,
);
console.table(
  listed.map((c) => ({
    chunk: c.file,
    'minified (KB)': Number((c.min / KB).toFixed(1)),
    'gzip (KB)': Number((c.gzip / KB).toFixed(1)),
    status: c.min > MAX_CHUNK_KB * KB ? 'OVER' : 'ok',
  })),
);

if (problems.length) {
  console.error(`\n${problems.join('\n')}`);
  if (process.argv.includes('--check')) {
    console.error('Bundle budget exceeded.');
    process.exit(1);
  }
} else {
  console.log('\nEvery budget is met.');
}
