import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { PAGE_CONTENT_SECURITY_POLICY } from './src-main/studio/security.ts';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * The page's Content-Security-Policy meta tag, right after its charset, from the one policy both
 * hosts send. Written as text: Vite's tag API would write the policy's quotes as &#39;. A page
 * without a charset tag to put it after fails the build rather than ship without a policy.
 */
function contentSecurityPolicyMeta(): Plugin {
  const charset = /<meta charset="UTF-8" \/>/i;
  return {
    name: 'gridwright-content-security-policy',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!charset.test(html) || /http-equiv="Content-Security-Policy"/i.test(html)) throw new Error('index.html needs one <meta charset="UTF-8" /> and no policy of its own.');
        return html.replace(charset, (tag) => `${tag}\n    <meta http-equiv="Content-Security-Policy" content="${PAGE_CONTENT_SECURITY_POLICY}" />`);
      },
    },
  };
}

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
          // The studio's import thread (library/threaded-import.ts finds it beside the bundle).
          'import-thread': resolve(root, 'src-main/library/import-thread.ts'),
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
      // electron-vite leaves the renderer unminified by default; minified, the Campaign chunk and
      // Monaco load and parse in a fraction of the time. Source maps beside the bundles keep
      // DevTools' stacks and sources readable; packaging leaves them out (build/electron-builder.yml).
      minify: true,
      sourcemap: true,
      rollupOptions: { input: resolve(root, 'src-renderer/index.html') },
    },
    plugins: [contentSecurityPolicyMeta(), vue()],
    define: {
      __VUE_I18N_FULL_INSTALL__: true,
      __VUE_I18N_LEGACY_API__: false,
      __INTLIFY_PROD_DEVTOOLS__: false,
    },
  },
});
