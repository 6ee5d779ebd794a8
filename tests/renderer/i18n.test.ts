// @vitest-environment happy-dom
/**
 * Every string a person reads goes through vue-i18n, in English and simplified Chinese: templates
 * hold no bare words, every message key the renderer uses exists, every key exists in both
 * locales with the same {params} (the kinds' words too), the language follows the system's and
 * a switch in the palette, remembered.
 */
/// <reference types="vite/client" />
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdit } from '../../src-shared/engine/editing/operations.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { allKinds } from '../../src-shared/rulesets/registry.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { lintPushLevel } from '../../src-shared/rulesets/push/lint.ts';
import { pushConfigSchema, pushLevelSchema } from '../../src-shared/rulesets/push/schema.ts';
import { DIAGNOSTIC_MESSAGES } from '../../src-renderer/src/i18n/codes.ts';
import { en } from '../../src-renderer/src/i18n/en.ts';
import { PARAM_HELP } from '../../src-renderer/src/i18n/generator-help.ts';
import { LOCALE_STORAGE_KEY, initialLocale, localeFromLanguages } from '../../src-renderer/src/i18n/locale.ts';
import { zhCN } from '../../src-renderer/src/i18n/zh-CN.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

// The renderer's sources as text (Vite's glob import: this suite runs without Node's fs types).
const SOURCES = import.meta.glob(['../../src-renderer/src/**/*.vue', '../../src-renderer/src/**/*.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function files(pattern: RegExp): [string, string][] {
  return Object.entries(SOURCES).filter(([path]) => pattern.test(path)).map(([path, text]) => [path.replace(/^(\.\.\/)+/, ''), text]);
}

function templateOf(source: string): string {
  const start = source.indexOf('<template>');
  const end = source.lastIndexOf('</template>');
  return start < 0 ? '' : source.slice(start, end + '</template>'.length);
}

function hasKey(path: string): boolean {
  let node: unknown = en;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

const vueFiles = files(/\.vue$/);

describe('i18n', () => {
  it('finds the templates', () => {
    expect(vueFiles.length).toBeGreaterThan(15);
  });

  it('templates hold no bare English text between tags', () => {
    const offending: string[] = [];
    for (const [file, source] of vueFiles) {
      // Mustaches and attribute values (bindings may contain `=>`) are not text.
      const template = templateOf(source)
        .replace(/\{\{[\s\S]*?\}\}/g, ' ')
        .replace(/="[^"]*"/g, '=""');
      for (const m of template.matchAll(/>([^<]+)</g)) {
        if (/[A-Za-z]{2,}/.test(m[1])) offending.push(`${file}: ${m[1].trim()}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('templates hold no hard-coded words in title, placeholder, alt or aria-label', () => {
    const offending: string[] = [];
    for (const [file, source] of vueFiles) {
      const template = templateOf(source);
      for (const m of template.matchAll(/\s(title|placeholder|alt|aria-label)="([^"]*)"/g)) {
        if (/[A-Za-z]{2,}/.test(m[2])) offending.push(`${file}: ${m[1]}="${m[2]}"`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('every literal message key used in the renderer exists in en.ts', () => {
    const missing: string[] = [];
    for (const [file, text] of files(/\.(vue|ts)$/)) {
      // t('a.b'), title: 'a.b', label: 'a.b', advice: 'a.b', failure titles passed to call(...).
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) if (!hasKey(m[1])) missing.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/\b(?:title|label|group|advice):\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) if (!hasKey(m[1])) missing.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/'((?:library|import|level|play|jobs|errors)\.(?:errors|advice)\.[\w-]+)'/g)) if (!hasKey(m[1])) missing.push(`${file}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('keys built from enums exist for every value', () => {
    for (const badge of ['verified', 'verified-bound', 'stale', 'unsolvable', 'budget', 'invalid', 'unverified']) {
      expect(hasKey(`badge.label.${badge}`), badge).toBe(true);
      expect(hasKey(`badge.help.${badge}`), badge).toBe(true);
    }
    for (const state of ['queued', 'running', 'done', 'failed', 'cancelled']) expect(hasKey(`jobs.state.${state}`)).toBe(true);
    for (const state of ['running', 'done', 'cancelled']) expect(hasKey(`jobs.batchState.${state}`)).toBe(true);
    for (const s of ['solved', 'unsolvable', 'budget', 'invalid']) expect(hasKey(`inspector.results.${s}`)).toBe(true);
    for (const s of ['hand', 'imported', 'generated']) expect(hasKey(`inspector.sources.${s}`)).toBe(true);
    for (const s of ['error', 'warning', 'info']) expect(hasKey(`diagnostics.severity.${s}`)).toBe(true);
  });

  it('no message uses vue-i18n’s special @ by accident', () => {
    const walk = (node: unknown, path: string): string[] =>
      typeof node === 'string' ? (/@/.test(node) ? [path] : []) : Object.entries(node as object).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    expect(walk(en, 'en')).toEqual([]);
  });
});

/** Every message of a tree by dotted key. */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The {params} a message interpolates, over all its plural forms. */
const paramsOf = (message: string): string[] => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

function compareLocales(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const key of a.keys()) if (!b.has(key)) problems.push(`missing in zh-CN: ${key}`);
  for (const key of b.keys()) if (!a.has(key)) problems.push(`only in zh-CN: ${key}`);
  for (const [key, message] of a) {
    const other = b.get(key);
    if (other !== undefined && paramsOf(message).join() !== paramsOf(other).join()) problems.push(`${key}: {${paramsOf(message)}} vs {${paramsOf(other)}}`);
    // Where English words the zero case apart ("no levels"), Chinese needs its own zero form too.
    const forms = message.split('|');
    if (other !== undefined && forms.length === 3 && paramsOf(forms[0]).join() !== paramsOf(message).join() && other.split('|').length !== 3) problems.push(`${key}: plural forms`);
  }
  return problems;
}

describe('locales', () => {
  it('every studio message exists in English and Chinese, with the same params', () => {
    const english = flatten(en);
    expect(english.size).toBeGreaterThan(250);
    expect(compareLocales(english, flatten(zhCN))).toEqual([]);
  });

  it('every kind brings its words in both locales, with the same params', () => {
    for (const kind of allKinds()) {
      const english = new Map(Object.entries(kind.messages?.en ?? {}));
      expect(english.size, kind.kind).toBeGreaterThan(0);
      expect(compareLocales(english, new Map(Object.entries(kind.messages?.['zh-CN'] ?? {}))), kind.kind).toEqual([]);
    }
  });

  it('the Chinese diagnostics use only params the engine gives with that code', () => {
    const lint = (board: string[], extra = {}, config = {}) => lintPushLevel(pushLevelSchema.parse({ board, ...extra }), pushConfigSchema.parse(config));
    const diagnostics = [
      ...lint(['#######', '#@$$. #', '#     #', '#######']),
      ...lint(['#######', '#@$.. #', '#######']),
      ...lint(['#####', '#@$.#', '## ##']),
      ...lint(['####', '#@*#', '####']),
      ...lint(['#######', '#@$. .#', '#######'], { buttons: [{ at: [4, 1], link: 'x' }] }, { doors: { enabled: true } }),
    ];
    const zh = DIAGNOSTIC_MESSAGES['zh-CN'];
    let checked = 0;
    for (const d of diagnostics) {
      const message = zh[d.code];
      if (!message) continue;
      checked++;
      for (const param of paramsOf(message)) expect(Object.keys({ ...d.cell, ...d.params }), `${d.code}: {${param}}`).toContain(param);
    }
    expect(checked).toBeGreaterThan(3);
    for (const code of Object.keys(DIAGNOSTIC_MESSAGES.en)) expect(zh[code], code).toBeDefined();
  });

  it('the editor\'s problems and refusals read in Chinese, with the params they carry', () => {
    const push = pushKind.create({ doors: { enabled: true }, teleporters: { enabled: true } }).rules!;
    const sliding = slidingKind.create({}).rules!;
    const loadOf = (rules: typeof push | typeof sliding, doc: unknown) => rules.load(doc).diagnostics;
    const diagnostics = [
      ...loadOf(push, { board: ['######', '#@$.@#', '######'] }),
      ...loadOf(push, { board: ['######', '#@$. #', '######'], doors: [{ at: [0, 0], link: 'a' }] }),
      ...loadOf(push, { board: ['######', '#@$. #', '######'], teleporters: [{ a: [4, 1], b: [4, 1] }] }),
      ...loadOf(sliding, { width: 3, height: 3, tiles: [2, 1, 3, 4, 5, 6, 7, 8, 0] }),
    ];
    const edits = push.editing!;
    const level = { title: 'x', board: ['#####', '#@$.#', '#####'] };
    const refusals = [
      applyEdit(edits, level, { type: 'place', cells: [{ x: 9, y: 9 }], entry: 'wall' }),
      applyEdit(edits, level, { type: 'place', cells: [{ x: 1, y: 1 }], entry: 'no-such-thing' }),
      applyEdit(edits, level, { type: 'link', from: { x: 1, y: 1 }, to: { x: 2, y: 1 } }),
      applyEdit(sliding.editing!, { title: 'x', width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0] }, { type: 'place', cells: [{ x: 0, y: 0 }], entry: 'tile' }),
    ].flatMap((r) => r.diagnostics);
    const zh = DIAGNOSTIC_MESSAGES['zh-CN'];
    const codes = [...diagnostics, ...refusals].map((d) => d.code);
    for (const code of ['push.player.multiple', 'push.entity.in-wall', 'push.teleporter.unpaired', 'sliding.unsolvable', 'edit.outside', 'edit.entry', 'edit.link-from', 'edit.not-paintable']) expect(codes, code).toContain(code);
    for (const d of [...diagnostics, ...refusals]) {
      const message = zh[d.code];
      expect(message, d.code).toBeDefined();
      for (const param of paramsOf(message)) expect(Object.keys({ ...d.cell, ...d.params }), `${d.code}: {${param}}`).toContain(param);
    }
  });

  it('every generator parameter has a Chinese help line and a label in both locales', () => {
    const names = allKinds().flatMap((k) => k.generators.flatMap((g) => Object.keys((g.paramsSchema as unknown as { shape?: object }).shape ?? {})));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      expect(PARAM_HELP['zh-CN'][name], name).toBeDefined();
      expect(hasKey(`generate.param.${name}`), name).toBe(true);
    }
  });

  it('follows the system language, Chinese for any simplified Chinese', () => {
    expect(localeFromLanguages(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(localeFromLanguages(['zh'])).toBe('zh-CN');
    expect(localeFromLanguages(['zh-Hans-SG'])).toBe('zh-CN');
    expect(localeFromLanguages(['zh-TW', 'de'])).toBe('en');
    expect(localeFromLanguages(['de-DE', 'zh-CN'])).toBe('zh-CN');
    expect(localeFromLanguages(['en-GB', 'zh-CN'])).toBe('en');
    expect(initialLocale({ languages: ['zh-CN'] })).toBe('zh-CN');
  });
});

describe('switching the language', () => {
  let current: Mounted | undefined;
  afterEach(() => {
    current?.wrapper.unmount();
    current = undefined;
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('the palette switches the studio to Chinese and the choice is remembered', async () => {
    current = await mountStudio(new MemoryBridge());
    const { wrapper } = current;
    expect(wrapper.get('[data-testid="verify-all"]').text()).toBe('Verify all');
    press('P', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    await wrapper.get('[data-testid="command-palette-input"]').setValue('中文');
    press('Enter', {}, wrapper.get('[data-testid="command-palette-input"]').element);
    await settle();
    expect(wrapper.get('[data-testid="verify-all"]').text()).toBe('全部验证');
    expect(wrapper.findAll('[data-testid="level-row"]')[0].get('[data-testid="level-badge"]').text()).toBe('已验证');
    // The kinds' words follow: the counted piece's column.
    expect(wrapper.get('[data-testid="sort-pieces"]').text()).toContain('箱子');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(initialLocale({ languages: ['en-US'] })).toBe('zh-CN');
  });
});
