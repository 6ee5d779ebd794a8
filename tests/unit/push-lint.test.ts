import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src-shared/engine/diagnostics.ts';
import { lintPushLevel } from '../../src-shared/rulesets/push/lint.ts';
import { pushConfigSchema, pushLevelSchema } from '../../src-shared/rulesets/push/schema.ts';
import { MICROBAN_PATH } from '../support/data.ts';

function lint(board: string[], extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) {
  return lintPushLevel(pushLevelSchema.parse({ board, ...extra }), pushConfigSchema.parse(config));
}
const codes = (ds: { code: string }[]): string[] => ds.map((d) => d.code);

/**
 * Boards from an XSB file: blocks separated by blank lines, comment lines (`;`) dropped, blocks
 * with a wall kept. Deliberately tiny so this test does not depend on the real XSB reader.
 */
function xsbBoards(text: string): string[][] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => block.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.trimStart().startsWith(';')))
    .filter((lines) => lines.some((line) => line.includes('#')));
}

describe('push lint', () => {
  it('a closed, solvable-looking level is clean', () => {
    expect(lint(['#####', '#@$.#', '#####'])).toEqual([]);
  });

  it('includes the board builder errors', () => {
    expect(codes(lint(['######', '#@$.@#', '######']))).toEqual(['push.player.multiple']);
    expect(codes(lint(['#####', '#@$.#', '#####'], { doors: [{ at: [0, 0], link: 'a' }] }))).toEqual(['push.entity.in-wall']);
  });

  it('fewer boxes than goals is an error: the level can never be won', () => {
    const ds = lint(['######', '#@$..#', '######']);
    expect(ds).toMatchObject([{ severity: 'error', code: 'push.goals.too-many', cell: { x: 3, y: 1 } }]);
  });

  it('more boxes than goals is a warning', () => {
    const ds = lint(['######', '#@$$.#', '#    #', '######']);
    expect(ds).toMatchObject([{ severity: 'warning', code: 'push.boxes.too-many', cell: { x: 2, y: 1 } }]);
  });

  it('the more-boxes-than-goals mark sits on the spare box, the one farthest from every goal, not the first', () => {
    const ds = lint(['########', '#@ $.  #', '#     $#', '########']);
    expect(ds).toMatchObject([{ code: 'push.boxes.too-many', cell: { x: 6, y: 2 } }]);
  });

  it('a level won before the first move is a warning', () => {
    expect(lint(['####', '#@*#', '####'])).toMatchObject([{ severity: 'warning', code: 'push.level.solved', cell: { x: 2, y: 1 } }]);
  });

  it('a board without goals is an error', () => {
    expect(lint(['#####', '#@$ #', '#####'])).toMatchObject([{ severity: 'error', code: 'push.goals.none', cell: { x: 1, y: 1 } }]);
  });

  it('a button whose link has no door is an error (the link does not resolve)', () => {
    const ds = lint(['######', '#@$ .#', '######'], { buttons: [{ at: [3, 1], link: 'a' }] });
    expect(ds).toMatchObject([{ severity: 'error', code: 'push.link.no-door', cell: { x: 3, y: 1 }, params: { link: 'a' } }]);
  });

  it('a door whose link has no button is an error that says it is simply a wall', () => {
    const ds = lint(['######', '#@$ .#', '#    #', '######'], { doors: [{ at: [1, 2], link: 'b' }] });
    expect(ds).toMatchObject([{ severity: 'error', code: 'push.link.no-button', cell: { x: 1, y: 2 } }]);
    expect(ds[0].message).toContain('wall');
  });

  it('links are not checked when the config disables doors', () => {
    expect(lint(['######', '#@$ .#', '######'], { buttons: [{ at: [3, 1], link: 'a' }] }, { doors: { enabled: false } })).toEqual([]);
  });

  it('a board the player can walk off is an error naming the edge cell', () => {
    const ds = lint(['#####', '#@$.#', '## ##']);
    expect(ds).toMatchObject([{ severity: 'error', code: 'push.board.open', cell: { x: 2, y: 2 } }]);
  });

  it('a box walled off from the player must sit on a goal', () => {
    const ds = lint(['#########', '#@$.#$ .#', '#########']);
    expect(ds).toMatchObject([
      { severity: 'error', code: 'push.box.unreachable', cell: { x: 5, y: 1 } },
      { severity: 'error', code: 'push.goal.unreachable', cell: { x: 7, y: 1 } },
    ]);
    expect(lint(['#######', '#@$.#*#', '#######'])).toEqual([]);
  });

  it('boxes, doors and mechanisms do not wall anything off; a teleporter joins its rooms', () => {
    const door = { doors: [{ at: [4, 1], link: 'a' }], buttons: [{ at: [2, 2], link: 'a' }] };
    expect(lint(['#########', '#@$$ $..#', '#  .    #', '#########'], door)).toEqual([]);
    const rooms = ['#########', '#@ #    #', '#  # $. #', '#########'];
    const pads = { teleporters: [{ a: [1, 2], b: [4, 1] }] };
    expect(codes(lint(rooms, pads))).toEqual([]);
    expect(codes(lint(rooms, pads, { teleporters: { enabled: false } }))).toEqual(['push.box.unreachable', 'push.goal.unreachable']);
  });

  it('a box that starts where no goal can be reached makes the level invalid', () => {
    expect(codes(lint(['#######', '#$  . #', '#  @  #', '#######']))).toEqual(['push.box.dead']);
    // With more boxes than goals a spare box may stay in a corner.
    expect(codes(lint(['#######', '#$ $. #', '#  @  #', '#######']))).toEqual(['push.boxes.too-many']);
  });

  it('every diagnostic names a cell and says what to do', () => {
    const ds = [
      ...lint(['######', '#@$..#', '######']),
      ...lint(['#####', '#@$.#', '## ##'], { buttons: [{ at: [1, 1], link: 'x' }] }),
      ...lint(['#########', '#@$.#$ .#', '#########']),
    ];
    expect(ds.length).toBeGreaterThan(3);
    for (const d of ds) {
      expect(d.cell, d.code).toBeDefined();
      expect(d.message).toMatch(/: [a-z]|unless/);
    }
  });

  it('counts in its English messages agree with their nouns ("1 goal", never "1 goals")', () => {
    const [spare] = lint(['#######', '#@$$. #', '#     #', '#######']);
    expect(spare.message).toContain('2 boxes but only 1 goal;');
    const [short] = lint(['#######', '#@$.. #', '#######']);
    expect(short.message).toContain('2 goals but only 1 box,');
    expect(short.message).toContain('remove 1 goal or');
    expect(short.params).toEqual({ goals: 2, boxes: 1, extra: 1 });
  });

  it('every diagnostic with a number in its message carries that number in params (translated by code)', () => {
    const ds = [
      ...lint(['#######', '#@$$. #', '#     #', '#######']),
      ...lint(['#######', '#@$.. #', '#######']),
      ...lint(['#####', '#@$.#', '## ##']),
      ...lint(['#######', '#@ $. #', '#######', '#$    #', '#######']),
      ...lint(['######', '#@ .##', '##$  #', '######'], {}),
      ...lint(['#######', '#@$. .#', '#######'], { buttons: [{ at: [4, 1], link: 'x' }] }, { doors: { enabled: true } }),
    ];
    expect(new Set(ds.map((d) => d.code)).size).toBeGreaterThan(4);
    for (const d of ds) {
      const numbers = d.message.match(/\d+/g) ?? [];
      const values = Object.values(d.params ?? {}).map(String);
      for (const n of numbers) expect(values, `${d.code}: ${d.message}`).toContain(n);
    }
  });

  it('all 155 Microban levels lint clean', () => {
    const text = readFileSync(MICROBAN_PATH, 'utf8');
    const boards = xsbBoards(text);
    expect(boards).toHaveLength(155);
    const problems = boards.flatMap((board, i) =>
      lint(board).map((d) => `level ${i + 1}: ${formatDiagnostic(d)}`),
    );
    expect(problems).toEqual([]);
  });
});
