// ESLint flat config. Besides the usual recommended sets, it makes the layering table of
// ../shared/STYLE.md true: a wrong import fails `npm test` (through `npm run lint`) instead of a
// review. Each block names the folder it guards and why.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';

const NODE_BUILTINS = '^(node:.*|fs|fs/promises|path|os|child_process|crypto|url|worker_threads|http|https|net|util|events|stream|perf_hooks|v8|zlib|readline|process|buffer|timers)$';

/** `no-restricted-imports` patterns from [regex, message] pairs. */
const forbid = (...pairs) => ({
  'no-restricted-imports': ['error', { patterns: pairs.map(([regex, message]) => ({ regex, message })) }],
});

const SHARED_PURE = [
  [NODE_BUILTINS, 'src-shared is pure: it runs in the renderer, the workers and the CLI alike (no Node built-ins).'],
  ['^(electron|vue|pinia|vue-i18n|better-sqlite3|monaco-editor|ws)(/.*)?$', 'src-shared is pure: no Electron, Vue, SQLite or editor imports.'],
  ['(^|/)src-(main|renderer)(/|$)', 'src-shared never imports the hosts (src-main, src-renderer).'],
];

const RENDERER_HOST = [
  [NODE_BUILTINS, 'The renderer runs sandboxed in a browser: no Node built-ins.'],
  ['^(electron|better-sqlite3|ws)(/.*)?$', 'The renderer talks to the main side only through the Studio API bridge.'],
  ['(^|/)src-main(/|$)', 'The renderer talks to the main side only through the Studio API bridge.'],
];

/** The renderer's folders from the bottom up; a folder may import those before it, never after. */
const RENDERER_ORDER = 'bridge, i18n, commands < services < stores < composables < components < play < views < contributions < shell';
const RENDERER_LAYERS = (() => {
  const order = ['bridge', 'i18n', 'commands', 'services', 'stores', 'composables', 'components', 'play', 'views', 'contributions', 'shell'];
  // bridge, i18n and commands are one layer: none imports another, and all may be imported by all above.
  const base = ['bridge', 'i18n', 'commands'];
  return order.filter((f) => f !== 'shell').map((folder) => [folder, order.slice(base.includes(folder) ? base.length : order.indexOf(folder) + 1)]);
})();

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-artifacts/**', '.bench/**', 'tests/fixtures/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/essential'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' } },
  },
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A union of a type and a non-null assertion is how the code says "checked above".
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  // Node-side code and tests see Node's globals; the renderer sees the browser's.
  { files: ['src-main/**', 'tests/**', '*.config.*', '.ci/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['src-renderer/**', 'tests/renderer/**', 'tests/e2e/**'], languageOptions: { globals: { ...globals.browser } } },
  // Tests read untyped API answers and fixtures.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  // --- The layering table (STYLE.md) ---
  {
    files: ['src-shared/**'],
    rules: {
      ...forbid(...SHARED_PURE),
      // Deterministic: no clock, no global randomness, no host globals (the host passes them in).
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'src-shared is deterministic: take a seeded RNG (engine/rng.ts).' },
        { object: 'Date', property: 'now', message: 'src-shared reads no clock: take one from the host (a `clock` option).' },
        { object: 'performance', property: 'now', message: 'src-shared reads no clock: take one from the host (a `clock` option).' },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'globalThis', 'window', 'document', 'localStorage', 'setTimeout', 'setInterval', 'performance', 'navigator'].map((name) => ({
          name,
          message: 'src-shared is pure and deterministic: no host globals.',
        })),
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'src-shared reads no clock: take one from the host.' }],
    },
  },
  {
    files: ['src-shared/engine/**'],
    rules: forbid(...SHARED_PURE, ['(^|/)(rulesets|search|verify|api)(/|$)', 'The engine is the contract: it imports no ruleset, search, verification or API module.']),
  },
  {
    files: ['src-shared/search/**'],
    rules: forbid(...SHARED_PURE, ['(^|/)(rulesets|verify|api)(/|$)', 'Search is generic over the contract: it imports no ruleset.']),
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/electron/**'],
    rules: forbid(
      ['^electron(/.*)?$', 'Only src-main/electron may import electron: the rest runs under plain Node (CLI, browser host, tests).'],
      ['^(vue|pinia|vue-i18n|monaco-editor)(/.*)?$', 'The main side never imports the renderer stack.'],
      ['(^|/)src-renderer(/|$)', 'The main side never imports the renderer.'],
    ),
  },
  {
    // The worker imports the job types, never the other way: what a type needs at run time is in
    // jobs/types/runtime.ts, beside define.ts.
    files: ['src-main/jobs/**'],
    rules: forbid(
      ['^electron(/.*)?$', 'Only src-main/electron may import electron: the rest runs under plain Node (CLI, browser host, tests).'],
      ['^(vue|pinia|vue-i18n|monaco-editor)(/.*)?$', 'The main side never imports the renderer stack.'],
      ['(^|/)src-renderer(/|$)', 'The main side never imports the renderer.'],
      ['(^|/)worker(/|$)', 'The worker imports the job types, never the other way: run-time helpers live in jobs/types/runtime.ts.'],
    ),
  },
  {
    files: ['src-main/library/**'],
    // A later block's rule replaces an earlier one's: repeat the main side's rules, then add the library's.
    rules: forbid(
      ['^electron(/.*)?$', 'Only src-main/electron may import electron.'],
      ['^(vue|pinia|vue-i18n|monaco-editor)(/.*)?$', 'The main side never imports the renderer stack.'],
      ['(^|/)src-renderer(/|$)', 'The main side never imports the renderer.'],
      ['(^|/)(jobs|worker|studio|host|electron)(/|$)', 'The library is the bottom of src-main: it imports no jobs, workers, studio or hosts.'],
    ),
  },
  {
    files: ['src-main/electron/**'],
    rules: forbid(['^(vue|pinia|vue-i18n|monaco-editor)(/.*)?$', 'The Electron glue never imports the renderer stack.'], ['(^|/)src-renderer(/|$)', 'The Electron glue never imports the renderer.']),
  },
  {
    files: ['src-renderer/**'],
    rules: forbid(...RENDERER_HOST),
  },
  // Inside the renderer, arrows run one way (ARCHITECTURE.md, "Layers"): a folder never imports
  // one above it. Each block repeats RENDERER_HOST (a later block replaces the rule's options).
  ...RENDERER_LAYERS.map(([folder, above]) => ({
    files: [`src-renderer/src/${folder}/**`],
    rules: forbid(
      ...RENDERER_HOST,
      // Relative specifiers that climb straight into a renderer folder ("../views/x", "../../play/x");
      // a path through src-shared ("../../../src-shared/engine/play/x") is not one of them.
      ...above.map((upper) => [`^(\\.\\./)+${upper}/`, `src-renderer/src/${folder} sits below ${upper}/ and never imports it (${RENDERER_ORDER}).`]),
    ),
  })),
  {
    // The Electron security scan (electronegativity) cannot walk #private class members and then
    // silently skips the whole bundle that holds the navigation and permission handlers.
    files: ['src-main/**', 'src-shared/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'PrivateIdentifier', message: 'Use TypeScript `private`, not #private: the Electron security scan cannot read #private members.' },
      ],
    },
  },
  {
    // src-shared keeps both of its syntax rules (the block above would replace the clock rule).
    files: ['src-shared/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'PrivateIdentifier', message: 'Use TypeScript `private`, not #private: the Electron security scan cannot read #private members.' },
        { selector: "NewExpression[callee.name='Date']", message: 'src-shared reads no clock: take one from the host.' },
      ],
    },
  },
);
