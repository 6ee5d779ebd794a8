import { availableParallelism } from 'node:os';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Compiles the renderer's .vue files for the component tests in tests/renderer.
  plugins: [vue()],
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // At least two test files at a time. Vitest's default leaves a core free, which is one worker
    // on the 2-core CI machine, while most files here wait on worker processes, SQLite or
    // Chromium: two workers took the suite from 787 s to 524 s there, with the same results.
    // Larger machines keep the default (a core free).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
