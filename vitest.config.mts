// Unit and integration tests: Node environment, real sandbox over loopback. Two cores, so two workers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Builds `jrs` into out/cli first: tests that run it as a process run the build.
    globalSetup: ['test/build-cli-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
