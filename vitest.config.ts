import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'bin/**/*.test.ts', 'contract-tests/**/*.test.ts', 'bench/**/*.test.ts', 'sdk/**/*.test.ts'],
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The JUnit file is for CI systems (and .ci/run's closing count).
    reporters: ['default', ['junit', { outputFile: 'reports/vitest-junit.xml' }]],
  },
});
