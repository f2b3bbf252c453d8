import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'bin/**/*.test.ts', 'contract-tests/**/*.test.ts', 'bench/**/*.test.ts', 'sdk/**/*.test.ts'],
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. Vitest's default for `run` is one fewer than the
    // cores, which on a 2-core machine (CI's) is a single worker: the files ran
    // one after another while much of each one's time is spent waiting on git,
    // PostgreSQL, Chromium and client processes. With 2 workers the 18 slowest
    // server files took 150 s instead of 295 s (same machine, same load).
    maxWorkers: availableParallelism(),
    // The JUnit file is for CI systems (and .ci/run's closing count).
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
