import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';

const root = dirname(fileURLToPath(import.meta.url));

// Custom folders (DESIGN.md): main and the worker entry from src-main, the preload as CommonJS
// (.cjs) so it runs with `sandbox: true`, the renderer from src-renderer into out/renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          main: resolve(root, 'src-main/electron/main.ts'),
          worker: resolve(root, 'src-main/worker/entry.ts'),
          // The worker's job thread, loaded by the worker from beside it (entry.ts).
          'job-thread': resolve(root, 'src-main/worker/job-thread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve(root, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    base: './',
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
    plugins: [vue()],
    define: {
      __VUE_I18N_FULL_INSTALL__: true,
      __VUE_I18N_LEGACY_API__: false,
      __INTLIFY_PROD_DEVTOOLS__: false,
    },
  },
});
