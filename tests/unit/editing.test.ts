/**
 * The level editor's operations through the kinds' editing descriptions: every operation on push
 * and sliding documents, the kinds' constraints, and undo. The results are checked as documents
 * the real rules load (the editor never keeps a picture apart from the level).
 */
import { describe, expect, it } from 'vitest';
import { EditHistory, applyEdit, applyEdits, extractRegion, pickAt, type EditOperation } from '../../src-shared/engine/editing/operations.ts';
import { fragmentFromText, fragmentText } from '../../src-shared/engine/editing/clipboard.ts';
import { gridBoardView } from '../../src-shared/engine/editing/grid-view.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import type { SlidingLevel } from '../../src-shared/rulesets/sliding/schema.ts';

const push = pushKind.create({}).rules!;
const pushEdit = push.editing!;
const sliding = slidingKind.create({}).rules!;
const slidingEdit = sliding.editing!;

function edit(level: PushLevel, ...ops: EditOperation[]): PushLevel {
  let doc = level;
  for (const op of ops) {
    const result = applyEdit(pushEdit, doc, op);
    expect(result.diagnostics).toEqual([]);
    doc = result.level;
  }
  return doc;
}

const at = (x: number, y: number) => ({ x, y });

describe('editing a push level', () => {
  it('a new level is a walled room of the size asked', () => {
    expect(pushEdit.blank(5, 4).board).toEqual(['#####', '#   #', '#   #', '#####']);
  });

  it('paints a player, a box and a goal into a level the rules accept and can solve', () => {
    const level = edit(pushEdit.blank(6, 3), { type: 'place', cells: [at(1, 1)], entry: 'player' }, { type: 'place', cells: [at(2, 1)], entry: 'box' }, { type: 'place', cells: [at(4, 1)], entry: 'goal' });
    expect(level.board).toEqual(['######', '#@$ .#', '######']);
    expect(push.lint(level).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('has one player: placing it again moves it', () => {
    const level = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(1, 1)], entry: 'player' }, { type: 'place', cells: [at(3, 1)], entry: 'player' });
    expect(level.board[1]).toBe('#  @#');
  });

  it('a wall clears what stood on the cell, and a piece put on a wall turns it to floor', () => {
    const boxed = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(2, 1)], entry: 'box' }, { type: 'place', cells: [at(2, 1)], entry: 'wall' });
    expect(boxed.board[1]).toBe('# # #');
    const onWall = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(0, 1)], entry: 'box' });
    expect(onWall.board[1]).toBe('$   #');
  });

  it('a box on a goal and the player on a goal keep both', () => {
    const level = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(1, 1), at(2, 1)], entry: 'goal' }, { type: 'place', cells: [at(1, 1)], entry: 'box' }, { type: 'place', cells: [at(2, 1)], entry: 'player' });
    expect(level.board[1]).toBe('#*+ #');
  });

  it('erases the topmost thing first: the box, then the goal under it', () => {
    const start = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(1, 1)], entry: 'goal' }, { type: 'place', cells: [at(1, 1)], entry: 'box' });
    const once = edit(start, { type: 'erase', cells: [at(1, 1)] });
    expect(once.board[1]).toBe('#.  #');
    const twice = edit(once, { type: 'erase', cells: [at(1, 1)] });
    expect(twice.board[1]).toBe('#   #');
    expect(applyEdit(pushEdit, twice, { type: 'erase', cells: [at(1, 1)] }).changed).toBe(false);
  });

  it('draws and erases rectangles, and flood-fills the floor a click is in', () => {
    const room = edit(pushEdit.blank(6, 5), { type: 'rect', rect: { x: 1, y: 1, width: 2, height: 2 }, entry: 'goal' });
    expect(room.board).toEqual(['######', '#..  #', '#..  #', '#    #', '######']);
    const filled = edit(room, { type: 'fill', cell: at(4, 3), entry: 'ice' });
    // Ice covers the floor region the click was in: not the goals (they hold something else), not the walls.
    expect(filled.ice).toHaveLength(8);
    const cleared = edit(room, { type: 'erase-rect', rect: { x: 2, y: 2, width: -2, height: -2 } });
    expect(cleared.board).toEqual(pushEdit.blank(6, 5).board);
  });

  it('picks what a cell shows (the eyedropper), the floor where it is empty', () => {
    const level = edit(pushEdit.blank(5, 3), { type: 'place', cells: [at(2, 1)], entry: 'door', params: { link: 'red' } });
    expect(pickAt(pushEdit, pushEdit.toGrid(level), at(2, 1))).toEqual({ id: 'door', params: { link: 'red' } });
    expect(pickAt(pushEdit, pushEdit.toGrid(level), at(1, 1))).toEqual({ id: 'floor' });
    expect(pickAt(pushEdit, pushEdit.toGrid(level), at(0, 0))).toEqual({ id: 'wall' });
  });

  it('resizes at any edge, keeping what stays inside in place, and trims to content', () => {
    const level = edit(pushEdit.blank(4, 3), { type: 'place', cells: [at(1, 1)], entry: 'player' });
    const grown = edit(level, { type: 'resize', edges: { left: 2, top: 1 } });
    expect(grown.board).toEqual(['', '  ####', '  #@ #', '  ####']);
    const trimmed = edit(grown, { type: 'trim' });
    expect(trimmed.board).toEqual(level.board);
    const cut = edit(level, { type: 'resize', edges: { right: -1 } });
    expect(cut.board).toEqual(['###', '#@', '###']);
    expect(applyEdit(pushEdit, level, { type: 'resize', edges: { right: 200 } }).diagnostics[0].code).toBe('edit.too-large');
  });

  it('rotates and mirrors the board with its mechanisms', () => {
    const level = edit(
      { board: ['#####', '#@  #', '#   #', '#####'] },
      { type: 'place', cells: [at(3, 1)], entry: 'button', params: { link: 'A' } },
      { type: 'place', cells: [at(3, 2)], entry: 'ice' },
    );
    const turned = edit(level, { type: 'rotate', rotation: 'cw' });
    expect(turned.board).toEqual(['####', '# @#', '#  #', '#  #', '####']);
    expect(turned.buttons).toEqual([{ at: [2, 3], link: 'A' }]);
    expect(turned.ice).toEqual([[1, 3]]);
    expect(edit(turned, { type: 'rotate', rotation: 'ccw' })).toEqual(level);
    const mirrored = edit(level, { type: 'mirror', mirror: 'horizontal' });
    expect(mirrored.board[1]).toBe('#  @#');
    expect(mirrored.buttons).toEqual([{ at: [1, 1], link: 'A' }]);
    expect(edit(level, { type: 'rotate', rotation: 'half' }).board[2]).toBe('#  @#');
  });

  it('copies a region and pastes it elsewhere, within and across levels', () => {
    const source = edit(pushEdit.blank(6, 4), { type: 'place', cells: [at(1, 1)], entry: 'box' }, { type: 'place', cells: [at(2, 1)], entry: 'goal' });
    const fragment = extractRegion(pushEdit.toGrid(source), { x: 1, y: 1, width: 2, height: 1 });
    expect(fragment.width).toBe(2);
    const within = edit(source, { type: 'paste', fragment, at: at(3, 2) });
    expect(within.board[2]).toBe('#  $.#');
    const other = edit(pushEdit.blank(4, 3), { type: 'paste', fragment, at: at(1, 1) });
    expect(other.board[1]).toBe('#$.#');
  });

  it('links a door to a button and pairs teleporter pads', () => {
    const level = edit(
      pushEdit.blank(7, 3),
      { type: 'place', cells: [at(1, 1)], entry: 'button', params: { link: 'gate' } },
      { type: 'place', cells: [at(3, 1)], entry: 'door', params: { link: 'other' } },
      { type: 'link', from: at(1, 1), to: at(3, 1) },
    );
    expect(level.doors).toEqual([{ at: [3, 1], link: 'gate' }]);
    const pads = edit(pushEdit.blank(7, 3), { type: 'place', cells: [at(1, 1)], entry: 'teleporter', params: { pair: 'p' } });
    // One pad alone is kept, and the lint says it has no partner.
    expect(pads.teleporters).toEqual([{ a: [1, 1], b: [1, 1] }]);
    expect(push.lint(pads).map((d) => d.code)).toContain('push.teleporter.unpaired');
    const paired = edit(pads, { type: 'place', cells: [at(5, 1)], entry: 'teleporter', params: { pair: 'q' } }, { type: 'link', from: at(1, 1), to: at(5, 1) });
    expect(paired.teleporters).toEqual([{ a: [1, 1], b: [5, 1] }]);
    expect(applyEdit(pushEdit, level, { type: 'link', from: at(2, 1), to: at(3, 1) }).diagnostics[0].code).toBe('edit.link-from');
  });

  it('refuses a bad link id and a mechanism the rules do not enable, with a reason', () => {
    expect(applyEdit(pushEdit, pushEdit.blank(5, 3), { type: 'place', cells: [at(1, 1)], entry: 'button', params: { link: 'a b' } }).diagnostics[0].code).toBe('edit.param');
    const plain = pushKind.create({ ice: { enabled: false }, doors: { enabled: false }, teleporters: { enabled: false } }).rules!.editing!;
    expect(plain.palette.map((e) => e.id)).toEqual(['wall', 'floor', 'goal', 'box', 'player', 'heavy']);
    expect(applyEdit(plain, plain.blank(5, 3), { type: 'place', cells: [at(1, 1)], entry: 'ice' }).diagnostics[0].code).toBe('edit.entry');
  });

  it('keeps the title, heavy boxes and every mechanism through a round trip', () => {
    const level: PushLevel = {
      title: 'Keep me', board: ['#######', '#@$ . #', '#######'], heavy: [[2, 1]], ice: [[3, 1]], buttons: [{ at: [5, 1], link: 'A' }], doors: [{ at: [3, 1], link: 'A' }],
    };
    expect(pushEdit.fromGrid(pushEdit.toGrid(level), level)).toEqual(level);
  });

  it('undo and redo walk the edits back and forth, without limit', () => {
    const history = new EditHistory(pushEdit.blank(8, 3));
    for (let x = 1; x <= 6; x++) history.push(applyEdit(pushEdit, history.current, { type: 'place', cells: [at(x, 1)], entry: 'goal' }).level);
    expect(history.current.board[1]).toBe('#......#');
    for (let i = 0; i < 6; i++) history.undo();
    expect(history.current).toEqual(pushEdit.blank(8, 3));
    expect(history.canUndo).toBe(false);
    history.redo();
    expect(history.current.board[1]).toBe('#.     #');
    history.push(applyEdit(pushEdit, history.current, { type: 'place', cells: [at(6, 1)], entry: 'box' }).level);
    expect(history.canRedo).toBe(false);
    expect(history.current.board[1]).toBe('#.    $#');
  });
});

describe('the editor\'s picture of a push level', () => {
  it('draws the empty cells outside the walls as outside, not floor, so the room keeps its outline', () => {
    const facet = pushKind.create({}).rules!.editing!;
    const level: PushLevel = { board: ['  #####', '###   #', '#.@$  #', '#######'] };
    const view = gridBoardView(facet, facet.toGrid(level));
    const row = (y: number) => view.terrain.slice(y * view.width, (y + 1) * view.width).join(' ');
    expect(row(0)).toBe('outside outside wall wall wall wall wall');
    expect(row(1)).toBe('wall wall wall floor floor floor wall');
    expect(row(2)).toBe('wall goal floor floor floor floor wall');
  });
});

describe('editing a sliding level', () => {
  const solved: SlidingLevel = { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], goal: 'blank-last' };

  it('swaps tiles and never paints them; one swap makes a board of the wrong parity', () => {
    const swapped = applyEdit(slidingEdit, solved, { type: 'swap', a: at(0, 0), b: at(1, 0) });
    expect(swapped.level.tiles).toEqual([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    expect(sliding.lint(swapped.level).map((d) => d.code)).toContain('sliding.unsolvable');
    const again = applyEdit(slidingEdit, swapped.level, { type: 'swap', a: at(2, 0), b: at(2, 1) });
    expect(sliding.lint(again.level).filter((d) => d.severity === 'error')).toEqual([]);
    expect(applyEdit(slidingEdit, solved, { type: 'place', cells: [at(0, 0)], entry: 'tile' }).diagnostics[0].code).toBe('edit.not-paintable');
    expect(applyEdit(slidingEdit, solved, { type: 'erase', cells: [at(0, 0)] }).diagnostics[0].code).toBe('edit.not-paintable');
  });

  it('a resize starts the new size solved and keeps the goal and title', () => {
    const resized = applyEdit(slidingEdit, { ...solved, title: 'T', goal: 'blank-first' }, { type: 'resize', edges: { right: 1 } }).level;
    expect(resized).toMatchObject({ title: 'T', width: 4, height: 3, goal: 'blank-first', tiles: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    expect(applyEdit(slidingEdit, solved, { type: 'resize', edges: { top: -2 } }).diagnostics[0].code).toBe('edit.too-small');
  });

  it('rotates the tiles as they are (the lint then says whether it can be solved)', () => {
    const turned = applyEdit(slidingEdit, solved, { type: 'rotate', rotation: 'cw' }).level;
    expect(turned.tiles).toEqual([7, 4, 1, 8, 5, 2, 0, 6, 3]);
  });
});

describe('lint fixes and the clipboard, through the editing description', () => {
  const fixOf = (level: PushLevel, code: string) => {
    const diagnostic = push.lint(level).find((d) => d.code === code)!;
    expect(diagnostic, code).toBeDefined();
    return pushEdit.fixes!(level, diagnostic);
  };
  const applyFix = (level: PushLevel, code: string) => applyEdits(pushEdit, level, fixOf(level, code)[0].operations);

  it('two players: the fix removes the second one, and the lint is clean of it', () => {
    const level: PushLevel = { board: ['#######', '#@$.@ #', '#######'] };
    const fixed = applyFix(level, 'push.player.multiple');
    expect(fixed.level.board[1]).toBe('#@$.  #');
    expect(push.lint(fixed.level).map((d) => d.code)).not.toContain('push.player.multiple');
  });

  it('a door no button opens becomes a wall; a button with no door goes', () => {
    const door: PushLevel = { board: ['#######', '#@$ . #', '#######'], doors: [{ at: [5, 1], link: 'A' }] };
    expect(applyFix(door, 'push.link.no-button').level).toEqual({ board: ['#######', '#@$ .##', '#######'] });
    const button: PushLevel = { board: ['#######', '#@$ . #', '#######'], buttons: [{ at: [5, 1], link: 'A' }] };
    expect(applyFix(button, 'push.link.no-door').level.buttons).toBeUndefined();
  });

  it('an open board gets a ring of walls', () => {
    const open: PushLevel = { board: ['@$.'] };
    const fixed = applyFix(open, 'push.board.open').level;
    expect(fixed.board).toEqual(['#####', '#@$.#', '#####']);
    expect(push.lint(fixed).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a problem with no obvious fix offers none', () => {
    expect(fixOf({ board: ['#####', '#@..#', '#$  #', '#####'] }, 'push.goals.too-many')).toEqual([]);
  });

  it('sliding parity: one swap of two tiles makes the board solvable again', () => {
    const wrong: SlidingLevel = { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0], goal: 'blank-last' };
    const diagnostic = sliding.lint(wrong).find((d) => d.code === 'sliding.unsolvable')!;
    const [fix] = slidingEdit.fixes!(wrong, diagnostic);
    const fixed = applyEdits(slidingEdit, wrong, fix.operations).level;
    expect(fixed.tiles).toEqual([2, 1, 3, 4, 5, 6, 8, 7, 0]);
    expect(sliding.lint(fixed).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('several operations are one edit, and a refusal leaves the level as it was', () => {
    const level = pushEdit.blank(5, 3);
    const refused = applyEdits(pushEdit, level, [{ type: 'place', cells: [at(1, 1)], entry: 'box' }, { type: 'place', cells: [at(2, 1)], entry: 'nothing' }]);
    expect(refused).toMatchObject({ level, changed: false });
    expect(refused.diagnostics[0].code).toBe('edit.entry');
  });

  it('a copied region travels as XSB text (the kind\'s first format) and pastes back', () => {
    const source = edit(pushEdit.blank(6, 4), { type: 'place', cells: [at(1, 1)], entry: 'box' }, { type: 'place', cells: [at(2, 1)], entry: 'goal' }, { type: 'place', cells: [at(1, 2)], entry: 'player' });
    const fragment = extractRegion(pushEdit.toGrid(source), { x: 0, y: 1, width: 3, height: 2 });
    const text = fragmentText(pushEdit, pushKind.formats[0], fragment);
    expect(text).toBe('#$.\n#@\n');
    const back = fragmentFromText(pushEdit, pushKind.formats, text)!;
    const pasted = edit(pushEdit.blank(5, 4), { type: 'paste', fragment: back, at: at(0, 1) });
    expect(pasted.board).toEqual(['#####', '#$. #', '#@  #', '#####']);
    expect(fragmentFromText(pushEdit, pushKind.formats, '\u0000 not a level')).toBeUndefined();
  });
});

describe('overlays from the rules', () => {
  it('push shows dead squares and where the player can walk now', () => {
    const state = push.load({ board: ['######', '#@ $.#', '#    #', '######'] }).state!;
    const overlays = push.overlays!(state);
    const cells = (id: string) => overlays.find((o) => o.id === id)!.cells.map((c) => `${c.x},${c.y}`).sort();
    // The corners and the bottom row (no goal along it) are dead for a box.
    expect(cells('dead')).toEqual(['1,1', '1,2', '2,2', '3,2', '4,2'].sort());
    // The box blocks: the player walks everywhere but through it.
    expect(cells('reach')).toEqual(['1,1', '1,2', '2,1', '2,2', '3,2', '4,1', '4,2'].sort());
  });
});
