/**
 * The block-tray kind's editing description: the start board as one layer (`block`: a filled
 * cell), and the parts a grid cannot hold as fields: the goal, its target, a placement limit, the
 * deal seed and the scripted trays (one tray per line, pieces separated by spaces).
 */
import type { EditField, EditGrid, EditToken, EditingFacet } from '../../engine/ruleset.ts';
import { blocksLevelSchema, GOALS, MIN_SIDE, type BlocksConfig, type BlocksLevel } from './schema.ts';
import { MAX_SIDE, parseShape } from './shapes.ts';

function toGrid(level: BlocksLevel): EditGrid {
  const height = level.rows.length;
  const width = level.rows[0]?.length ?? 0;
  const cells: Record<string, EditToken>[] = [];
  for (const row of level.rows) for (const ch of row) cells.push(ch === '#' ? { block: { id: 'block' } } : {});
  return { width, height, cells };
}

function fromGrid(grid: EditGrid, base?: BlocksLevel): BlocksLevel {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) row += grid.cells[y * grid.width + x].block ? '#' : '.';
    rows.push(row);
  }
  return { ...(base ?? { goal: 'endless', seed: 'blocks' }), rows };
}

/** A document with one field changed, checked against the schema (the refusal names the field). */
function withField(level: BlocksLevel, patch: Partial<BlocksLevel>, drop: readonly (keyof BlocksLevel)[] = []): { level: BlocksLevel } | { error: string } {
  const next: Record<string, unknown> = { ...level, ...patch };
  for (const key of drop) delete next[key];
  const parsed = blocksLevelSchema.safeParse(next);
  return parsed.success ? { level: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'refused' };
}

function wholeNumber(value: string, key: 'target' | 'moves', level: BlocksLevel): { level: BlocksLevel } | { error: string } {
  const text = value.trim();
  if (text === '') return withField(level, {}, [key]);
  if (!/^\d{1,9}$/.test(text)) return { error: 'a whole number, or empty for none' };
  return withField(level, { [key]: Number(text) });
}

const FIELDS: readonly EditField<BlocksLevel>[] = [
  {
    id: 'goal',
    label: 'Goal',
    type: 'choice',
    choices: GOALS,
    read: (level) => level.goal,
    write: (level, value) => withField(level, { goal: value as BlocksLevel['goal'] }),
  },
  { id: 'target', label: 'Target score', type: 'integer', read: (level) => (level.target === undefined ? '' : String(level.target)), write: (level, value) => wholeNumber(value, 'target', level) },
  { id: 'moves', label: 'Placement limit', type: 'integer', read: (level) => (level.moves === undefined ? '' : String(level.moves)), write: (level, value) => wholeNumber(value, 'moves', level) },
  {
    id: 'seed',
    label: 'Deal seed',
    type: 'text',
    read: (level) => level.seed ?? '',
    // A new seed deals a new game from the start: a saved game's dealer (`resume`) goes with the old one.
    write: (level, value) => (value.trim() === '' ? withField(level, {}, ['seed', 'resume']) : withField(level, { seed: value.trim() }, value.trim() === level.seed ? [] : ['resume'])),
  },
  {
    id: 'trays',
    label: 'Scripted trays',
    type: 'lines',
    read: (level) => (level.trays ?? []).map((tray) => tray.join(' ')).join('\n'),
    write(level, value) {
      const trays = value.split(/\r\n|\r|\n/).map((line) => line.trim().split(/\s+/).filter((p) => p !== '')).filter((t) => t.length > 0);
      for (const [i, tray] of trays.entries()) {
        for (const piece of tray) {
          const parsed = parseShape(piece);
          if ('error' in parsed) return { error: `tray ${i + 1}: ${parsed.error}` };
        }
      }
      // Scripted trays replace the dealer, and with it a saved game's dealer state.
      return trays.length === 0 ? withField(level, {}, ['trays']) : withField(level, { trays }, ['resume']);
    },
  },
];

export function blocksEditing(config: BlocksConfig): EditingFacet<BlocksLevel> {
  return {
    layers: ['block'],
    paintable: true,
    palette: [{ id: 'block', layer: 'block', label: 'Filled cell', look: { terrain: 'cell', piece: { kind: 'block' } }, key: 'b' }],
    minSize: { width: MIN_SIDE, height: MIN_SIDE },
    maxSize: { width: MAX_SIDE, height: MAX_SIDE },
    toGrid,
    fromGrid,
    blank: (width, height) => ({ rows: Array.from({ length: Math.min(MAX_SIDE, Math.max(MIN_SIDE, height || config.height)) }, () => '.'.repeat(Math.min(MAX_SIDE, Math.max(MIN_SIDE, width || config.width)))), goal: 'endless', seed: 'blocks' }),
    fields: FIELDS,
  };
}
