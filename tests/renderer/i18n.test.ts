// @vitest-environment happy-dom
/**
 * Every string a person reads goes through vue-i18n (a zh-CN file is planned): templates hold no
 * bare words, and every message key the renderer uses exists in the English file.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { en } from '../../src-renderer/src/i18n/en.ts';

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
