/**
 * The shared name, seed, note and title schemas (issue 22): the limits the API and the CLI both
 * apply, and the control and bidirectional-override characters no shown text may hold.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../src-shared/api/studio-api.ts';
import { MAX_NAME_CHARS, MAX_NOTE_CHARS, MAX_SEED_CHARS, name, note, seed, title } from '../../src-shared/api/fields.ts';

const HOSTILE = ['\u202e', '\u202a', '\u202d', '\u2066', '\u2067', '\u2069', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'];

describe('shared text fields', () => {
  it('refuses an empty or over-long name or seed, and accepts an ordinary one', () => {
    for (const schema of [name, seed]) {
      expect(schema.safeParse('').success).toBe(false);
      expect(schema.safeParse('   ').success).toBe(false);
      expect(schema.safeParse('Microban 第一章').success).toBe(true);
    }
    expect(name.safeParse('x'.repeat(MAX_NAME_CHARS + 1)).success).toBe(false);
    expect(seed.safeParse('x'.repeat(100_000)).success).toBe(false);
    expect(seed.safeParse('x'.repeat(MAX_SEED_CHARS)).success).toBe(true);
    expect(note.safeParse('x'.repeat(MAX_NOTE_CHARS + 1)).success).toBe(false);
  });

  it('refuses control and bidirectional-override characters in every shown text', () => {
    for (const char of HOSTILE) {
      for (const schema of [name, seed, note, title]) expect(schema.safeParse(`evil${char}txt.exe`).success, JSON.stringify(char)).toBe(false);
    }
  });

  it('lets a note keep its line breaks and tabs, but not a name', () => {
    expect(note.safeParse('first line\n\tsecond').success).toBe(true);
    expect(name.safeParse('two\nlines').success).toBe(false);
  });

  it('is what the API channels that take a name, seed or note apply', () => {
    const rlo = 'a\u202eb';
    expect(API['campaign.create'].request.safeParse({ name: rlo, kind: 'push' }).success).toBe(false);
    expect(API['library.generate'].request.safeParse({ kind: 'push', generator: 'reverse', params: {}, seed: rlo, campaignName: 'ok' }).success).toBe(false);
    expect(API['levels.rename'].request.safeParse({ levelId: 1, title: rlo }).success).toBe(false);
    expect(API['rules.save'].request.safeParse({ campaignId: 1, text: '{}', note: 'x'.repeat(100_000) }).success).toBe(false);
    expect(API['rules.save'].request.safeParse({ campaignId: 1, text: '{}', note: 'ok' }).success).toBe(true);
  });
});
