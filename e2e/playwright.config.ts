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
  fullyParallel: false,
  workers: 1,
  // One retry under CI only, reported as "flaky" in the log: a CI run once stalled for 10 s in two
  // tests that pass on every other run (docs/testing.md). Locally a failure is never retried.
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
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
