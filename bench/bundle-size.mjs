#!/usr/bin/env node
// First-load JavaScript of a route, gzip: the entry chunk, the route's lazy chunk, and every
// chunk they import statically (what the browser must fetch before the screen can render).
// `--check` fails when a budget is exceeded or a chunk is over 500 KB minified.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Route -> the source file of its page (matched against manifest keys) and its budget in KB. */
const ROUTES = [{ route: '/login', page: /pages\/login-page\.tsx$/, budgetKb: 250 }];
const MAX_CHUNK_KB = 500;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
  return seen;
}

let failed = false;
const rows = [];
for (const { route, page, budgetKb } of ROUTES) {
  const pageKey = Object.keys(manifest).find((k) => page.test(k));
  if (!pageKey) {
    console.error(`No chunk found for ${route} (${page})`);
    failed = true;
    continue;
  }
  const keys = new Set([...closure(entryKey), ...closure(pageKey)]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + gzipKb(f), 0);
  rows.push({ route, 'first-load JS (KB gzip)': kb.toFixed(1), budget: budgetKb, chunks: files.length });
  if (kb > budgetKb) failed = true;
}

const big = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: f, kb: fs.statSync(path.join(dist, 'assets', f)).size / 1024 }))
  .filter((c) => c.kb > MAX_CHUNK_KB);
console.table(rows);
if (big.length) {
  console.error('Chunks over 500 KB minified:', big.map((c) => `${c.file} ${c.kb.toFixed(0)} KB`).join(', '));
  failed = true;
}
if (process.argv.includes('--check') && failed) {
  console.error('Bundle budget exceeded.');
  process.exit(1);
}
