import { defineConfig } from 'vitest/config';

/**
 * Server tests that run the built server as a child process, kill it under load, or bound a response time or
 * the event loop's delay. They run one file at a time after the rest, so no other file's CPU use decides them.
 */
const serialServerTests = [
  'server/src/**/*crash*.test.ts',
  'server/src/console/topup/stripe.test.ts',
  'server/src/console/channel/test-routes.test.ts',
  'server/src/console/public-routes-hostile.test.ts',
  'server/src/platform/instances-read-your-writes.test.ts',
  'server/src/platform/token-counter/token-counter.test.ts',
  'server/src/relay/count-tokens-*.test.ts',
  'server/src/relay/large-body-loop.test.ts',
  'server/src/relay/relay-uploads.test.ts',
  'server/src/relay/stream/*.test.ts',
  'server/src/runtime/*.test.ts',
];

export default defineConfig({
  test: {
    // Most tests wait on sockets, databases and child processes, so more files than cores run at once; vitest's
    // default (cores - 1) runs one file at a time on a two-core machine.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: serialServerTests,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-serial',
          include: serialServerTests,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Rendering antd screens in happy-dom takes seconds when every core is busy (CI runs files in parallel).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file drives its own Chromium against its own server: two at a time, after the unit files.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
