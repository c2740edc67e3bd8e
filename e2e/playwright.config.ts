import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.js';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.KOMA_E2E_DATA_DIR ?? path.join(root, 'e2e/.data-local');
const port = Number(process.env.KOMA_E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // One test at a time: the route walk reads every screen's text, which other flows' data would
  // show, and two browsers at once saturate the 2 cores (docs/testing.md).
  fullyParallel: false,
  workers: 1,
  // One retry under CI only, reported as "flaky" in the log: a CI run once stalled for 10 s in two
  // tests that pass on every other run (docs/testing.md). Locally a failure is never retried.
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  // The first screens' lab figures (web-vitals.spec.ts) are read first, on a fresh server with
  // nothing else running, as Lighthouse reads them: after the flows, their uploads' renders could
  // still hold the two cores (docs/testing.md).
  projects: [
    { name: 'first-screens', testMatch: /web-vitals\.spec\.ts$/ },
    { name: 'flows', testIgnore: /web-vitals\.spec\.ts$/, dependencies: ['first-screens'] },
  ],
  use: {
    baseURL,
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // What `npm start` runs: the compiled server on plain node (scripts/build-server.mjs).
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}${contract.reference.lists.path}`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  },
});
