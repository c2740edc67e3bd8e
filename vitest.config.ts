import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'bench/lib/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one file per core less one: a single file at a time on a 2-core machine,
    // which then sat a third idle while API tests waited on their database and disk. One more file
    // than cores took the suite from 9 min 54 s to 6 min 12 s there (docs/testing.md).
    maxWorkers: os.availableParallelism() + 1,
  },
});
