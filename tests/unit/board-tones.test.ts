/**
 * The editor and the player must read at a glance in both themes: walls stand apart from floor,
 * and floor from the page around the board (where the cells outside a room show), by WCAG's
 * contrast ratio of the theme's own colours.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync('src-renderer/src/styles/theme.css', 'utf8');

function theme(name: 'dark' | 'light'): Map<string, string> {
  const start = css.indexOf(`:root[data-theme='${name}'] {`);
  const block = css.slice(start, css.indexOf('\n}', start));
  return new Map([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('board tones', () => {
  for (const name of ['dark', 'light'] as const) {
    it(`${name}: walls stand apart from floor, and floor from the page around the board`, () => {
      const t = theme(name);
      expect(contrast(t.get('tone-wall-ground')!, t.get('tone-floor-ground')!)).toBeGreaterThanOrEqual(2.5);
      expect(contrast(t.get('tone-floor-ground')!, t.get('surface-1')!)).toBeGreaterThanOrEqual(1.4);
    });
  }
});
