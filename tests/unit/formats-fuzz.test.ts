/**
 * Property tests of every level reader on hostile text (fast-check, fixed seed): mutated real
 * files, arbitrary text and bytes, JSON of the right shape with wrong values, nesting thousands
 * deep, foreign encodings. No exception escapes, every refused level has an error with its line,
 * every refused file a reason. `npm run bench -- fuzz` runs the same properties many times more.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { decodeLevelBytes } from '../../src-main/host/level-files.ts';
import { readCollectionText } from '../../src-main/library/import.ts';
import { readPushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { MAX_LURD_MOVES, parseLurd } from '../../src-shared/rulesets/push/formats/lurd.ts';
import { readXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import { readSlidingJson } from '../../src-shared/rulesets/sliding/formats/json.ts';
import { readSlidingText } from '../../src-shared/rulesets/sliding/formats/text.ts';
import { readMazeJson } from '../../src-shared/rulesets/maze/formats/json.ts';
import { readMazeText } from '../../src-shared/rulesets/maze/formats/text.ts';
import {
  ALL_SEEDS,
  LURD_SEED,
  MAZE_JSON_SEED,
  MAZE_TEXT_SEED,
  PUSH_JSON_SEED,
  SLIDING_JSON_SEED,
  TILES_SEED,
  XSB_SEED,
  checkCollectionRead,
  checkDiagnostic,
  encode,
  fileName,
  hostileText,
  type Encoding,
} from '../support/hostile-files.ts';

/** One seed for the whole file: a failure names its counterexample, and reruns find it again. */
const SEED = 14_2_2026;
const runs = (numRuns: number) => ({ seed: SEED, numRuns });
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

describe('level readers on hostile text', () => {
  it('push XSB/SOK', () => {
    fc.assert(fc.property(hostileText([XSB_SEED, XSB_SEED, TILES_SEED]), (text) => checkCollectionRead(readXsb(text), text, 'push')), runs(700));
  });

  it('push JSON', () => {
    fc.assert(fc.property(hostileText([PUSH_JSON_SEED, PUSH_JSON_SEED, SLIDING_JSON_SEED]), (text) => checkCollectionRead(readPushJson(text), text, 'push')), runs(700));
  });

  it('sliding JSON', () => {
    fc.assert(fc.property(hostileText([SLIDING_JSON_SEED, SLIDING_JSON_SEED, PUSH_JSON_SEED]), (text) => checkCollectionRead(readSlidingJson(text), text, 'sliding')), runs(700));
  });

  it('sliding text (.tiles)', () => {
    fc.assert(fc.property(hostileText([TILES_SEED, TILES_SEED, XSB_SEED]), (text) => checkCollectionRead(readSlidingText(text), text, 'sliding')), runs(500));
  });

  it('maze text (.maze)', () => {
    fc.assert(fc.property(hostileText([MAZE_TEXT_SEED, MAZE_TEXT_SEED, XSB_SEED]), (text) => checkCollectionRead(readMazeText(text), text, 'maze')), runs(500));
  });

  it('maze JSON', () => {
    fc.assert(fc.property(hostileText([MAZE_JSON_SEED, MAZE_JSON_SEED, PUSH_JSON_SEED]), (text) => checkCollectionRead(readMazeJson(text), text, 'maze')), runs(500));
  });

  it('LURD solutions: moves or errors with their line and column, never both', () => {
    fc.assert(
      fc.property(hostileText([LURD_SEED]), (text) => {
        const parsed = parseLurd(text);
        const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
        if ((parsed.moves === undefined) === (errors.length === 0)) throw new Error('moves and errors together, or neither');
        if (parsed.moves && parsed.moves.length > MAX_LURD_MOVES) throw new Error('more moves than the cap');
        for (const d of parsed.diagnostics) {
          checkDiagnostic(d, text, 0);
          if (d.line === undefined || d.column === undefined) throw new Error(`a LURD error without its place: ${d.code}`);
        }
      }),
      runs(400),
    );
  });
});

describe('choosing the reader', () => {
  it('any file name and text: the format that reads it, or a refusal with a reason', () => {
    fc.assert(
      fc.property(fileName, hostileText(ALL_SEEDS), (name, text) => {
        const chosen = readCollectionText(name, text);
        if (chosen.refusal) {
          if (chosen.refusal.severity !== 'error' || chosen.refusal.message.length < 10) throw new Error('a refusal without a reason');
          checkDiagnostic(chosen.refusal, text, 0);
        } else checkCollectionRead(chosen.read, text, chosen.kind.kind as 'push' | 'sliding' | 'maze');
      }),
      runs(600),
    );
  });

  it('UTF-16 and UTF-32 with a byte-order mark decode to the text they hold; any bytes decode', () => {
    const encodings: Encoding[] = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'];
    fc.assert(
      fc.property(hostileText(ALL_SEEDS), fc.constantFrom(...encodings), (raw, encoding) => {
        // Lone surrogates cannot be encoded; a UTF-8 file cannot start with a mark it would lose;
        // FF FE 00 00 is read as UTF-32's mark, so UTF-16 text may not start with U+0000.
        const text = raw.replace(LONE_SURROGATE, '\uFFFD').replace(/^\uFEFF+/, '');
        if (encoding === 'utf-16le' && text.startsWith('\0')) return;
        const { text: decoded } = decodeLevelBytes(encode(text, encoding));
        if (decoded !== text) throw new Error(`${encoding} did not round-trip`);
      }),
      runs(400),
    );
    fc.assert(
      fc.property(fc.constantFrom([], [0xff, 0xfe], [0xfe, 0xff], [0xff, 0xfe, 0, 0], [0, 0, 0xfe, 0xff], [0xef, 0xbb, 0xbf]), fc.uint8Array({ maxLength: 300 }), (mark, body) => {
        const { text } = decodeLevelBytes(Uint8Array.from([...mark, ...body]));
        readCollectionText('a.json', text);
        readCollectionText('a.sok', text);
      }),
      runs(300),
    );
  });
});
