#!/usr/bin/env node
// Browser tests: Playwright drives Debian's Chromium (CHROMIUM_PATH overrides) against the real
// server on a fresh data directory. Without Chromium they are skipped with a plain message,
// except under CI=true, where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  const how = 'install it with: sudo apt-get install chromium fonts-ipafont-gothic (or set CHROMIUM_PATH)';
  if (process.env.CI === 'true') {
    console.error(`Browser tests need Chromium at ${chromium}; ${how}`);
    process.exit(1);
  }
  console.warn(`\n*** Browser tests SKIPPED: no Chromium at ${chromium}; ${how}\n`);
  process.exit(0);
}

/** A free port, so a run never collides with another server on this machine. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = process.env.KOMA_E2E_PORT || String(await freePort());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-'));
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, KOMA_E2E_DATA_DIR: dataDir, KOMA_E2E_PORT: port },
  },
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
