import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import type { Database } from '../../apps/server/src/db/client.js';
import { groupMemory } from './group-memory.js';
import { rssOf, startServer } from './processes.js';
import { download, reportBudget } from './stream-measure.js';

/**
 * Downloads from the real server in its own process (bench/lib/processes.ts startServer): the
 * founder's session, and a download measured against the server's resident set alone.
 */

const MB = 1024 * 1024;

/** The founder's session on the server at `base`, and a call of the API as them. */
export async function founderOn(base: string) {
  const post = async (url: string, payload: object, token = '') => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { token }) },
      body: JSON.stringify(payload),
    });
    return (await res.json()).data;
  };
  const login = { username: 'bench1@bench.koma.example', password: 'bench-password' };
  const { token } = await post(contract.accounts.login.path, login);
  return (url: string, payload: object) => post(url, payload, token);
}

/**
 * One download over HTTP with the server's resident set sampled every 5 ms from /proc, and its
 * process group's (the server and its children: bench/lib/group-memory.ts) every 20 ms.
 */
export async function measuredServerDownload(server: { base: string; pid: number }, url: string) {
  await childrenGone(server.pid);
  const before = rssOf(server.pid).rss;
  const groupBefore = groupMemory(server.pid);
  let peak = before;
  const groupPeak = { ...groupBefore };
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid).rss);
  }, 5);
  const groupSampler = setInterval(() => {
    const now = groupMemory(server.pid);
    groupPeak.rss = Math.max(groupPeak.rss, now.rss);
    groupPeak.pss = Math.max(groupPeak.pss, now.pss);
    groupPeak.processes = Math.max(groupPeak.processes, now.processes);
  }, 20);
  const result = await download(`${server.base}${url}`).finally(() => {
    clearInterval(sampler);
    clearInterval(groupSampler);
  });
  const mb = (bytes: number) => +(bytes / MB).toFixed(1);
  return {
    'size MB': +(result.bytes / MB).toFixed(1),
    'first byte ms': +result.firstByteMs.toFixed(1),
    'total s': +(result.totalMs / 1000).toFixed(2),
    'RSS before MB': +(before / MB).toFixed(0),
    'extra RSS MB': mb(peak - before),
    'group extra RSS MB': mb(groupPeak.rss - groupBefore.rss),
    'group extra PSS MB': mb(groupPeak.pss - groupBefore.pss),
    'processes at most': groupPeak.processes,
  };
}

/**
 * Waits (at most 30 s) until the server has no child left: the proof's JPEG process stays 5 s
 * after a delivery's last proof page (docs/print.md), and counted in "before" it would hide the
 * next download's.
 */
async function childrenGone(pid: number) {
  for (let waited = 0; waited < 30_000 && groupMemory(pid).processes > 1; waited += 250)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

/**
 * Seeds a chapter, then serves it from the real server in its own process (as `npm start` runs
 * it: heap capped at 256 MB), so the memory measured is the server's alone, not the seeding's;
 * for each of `links` (a format, say) asks its payload of `linkPath` for a signed link `runs` times
 * as the founder and downloads it each time, the very first from a fresh start. A missed budget
 * fails the process.
 */
export async function servedDownloads(opts: {
  name: string;
  runs: number;
  budget: { extraMemoryMb: number; firstByteMs: number };
  seed: (dataDir: string) => Promise<{ database: Database; projectId: number; chapterId: number }>;
  linkPath: string;
  links: { label: string; payload: (chapter: { projectId: number; chapterId: number }) => object }[];
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `koma-${opts.name}-bench-`));
  const { database, projectId, chapterId } = await opts.seed(dataDir);
  await database.close();
  const server = await startServer('', { dataDir });
  const rows = [];
  try {
    const call = await founderOn(server.base);
    for (const link of opts.links)
      for (let run = 1; run <= opts.runs; run++) {
        const { downloadUrl } = await call(opts.linkPath, link.payload({ projectId, chapterId }));
        const row = { what: link.label, run, ...(await measuredServerDownload(server, downloadUrl)) };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!reportBudget(rows, opts.budget)) process.exitCode = 1;
}
