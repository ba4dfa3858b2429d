import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = ['tests/server/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: serverTests,
          environment: 'node',
          testTimeout: 20_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'pg',
          include: serverTests,
          environment: 'node',
          testTimeout: 30_000,
          // Each test file gets its own PostgreSQL schema (tests/helpers/testApp.ts).
          env: {
            TEST_DATABASE_URL:
              process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dashboard',
          include: ['tests/dashboard/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page refetches after a change; give it more than the default second on a busy CI.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
