import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @wharf/testing imports the SDK by its package name; in this repository that is its sources.
  resolve: { alias: { '@wharf/sdk': fileURLToPath(new URL('./sdk/src/index.ts', import.meta.url)) } },
  test: {
    include: [
      'server/**/*.test.ts',
      'bin/**/*.test.ts',
      'contract-tests/**/*.test.ts',
      'bench/**/*.test.ts',
      'sdk/**/*.test.ts',
      'testing/**/*.test.ts',
      'mock/**/*.test.ts',
    ],
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
    // Each worker process runs its files one after another with the modules
    // it loaded kept: the server's ~600 modules are evaluated once per worker
    // rather than once per file (vitest's default isolation), and so are the
    // test helpers' caches (GitHub's REST and webhook descriptions, 13 MB and
    // 5 MB of JSON, parsed and each validator compiled once per worker, not
    // per file). CI spent 317 s of its 758 s importing; on 10 server files
    // import went from 92 s to 24 s. Files stay independent: each starts its
    // own server on its own database (test-server.ts), the server keeps
    // per-instance state in WeakMaps keyed by its services, vitest restores
    // spies after every file (vi.restoreAllMocks), and the files that stub
    // globals or the environment unstub them in afterAll.
    isolate: false,
    // The JUnit file is for CI systems (and .ci/run's closing count).
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
