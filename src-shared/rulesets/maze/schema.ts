/**
 * The maze kind's documents (seed 001, EchoHalls): its legend (one character per tile or item),
 * its config and its level. Types are inferred from the zod schemas so the check and the type
 * are one source.
 */
import { z } from 'zod';

/** Mechanics a chapter can allow; a level using one its config leaves out is refused at load. */
export const MECHANICS = ['door', 'bomb', 'boulder', 'spikes', 'crumble', 'pit', 'feather', 'hook', 'ice', 'light', 'hearts'] as const;
export type Mechanic = (typeof MECHANICS)[number];

export interface LegendEntry {
  readonly char: string;
  /** Terrain name of the board picture (`BoardView.terrain`), or the piece kind for items. */
  readonly name: string;
  readonly what: 'tile' | 'item' | 'start';
  /** The mechanic it belongs to (none: always allowed). */
  readonly mechanic?: Mechanic;
  readonly description: string;
}

/**
 * The legend, one character per tile or item. An item lies on floor; walking onto it picks it up.
 * The text format, the JSON rows and the state's cells all use these characters.
 */
export const LEGEND: readonly LegendEntry[] = [
  { char: '#', name: 'wall', what: 'tile', description: 'Wall' },
  { char: '.', name: 'floor', what: 'tile', description: 'Floor' },
  { char: '@', name: 'floor', what: 'start', description: 'Start (the player on floor)' },
  { char: 'X', name: 'exit', what: 'tile', description: 'Exit' },
  { char: 'D', name: 'door', what: 'tile', mechanic: 'door', description: 'Locked door: walking in uses a key' },
  { char: 'k', name: 'key', what: 'item', mechanic: 'door', description: 'Key (opens one door)' },
  { char: '%', name: 'cracked', what: 'tile', mechanic: 'bomb', description: 'Cracked wall: walking in uses a bomb' },
  { char: 'b', name: 'bomb', what: 'item', mechanic: 'bomb', description: 'Bomb (breaks one cracked wall)' },
  { char: '_', name: 'plate', what: 'tile', mechanic: 'boulder', description: 'Pressure plate: a boulder on every plate opens the gates for good' },
  { char: 'o', name: 'boulder', what: 'tile', mechanic: 'boulder', description: 'Boulder: pushed by walking into it' },
  { char: '*', name: 'pressed', what: 'tile', mechanic: 'boulder', description: 'Boulder sunk into a plate (fixed)' },
  { char: 'G', name: 'gate', what: 'tile', mechanic: 'boulder', description: 'Closed gate' },
  { char: '/', name: 'open-gate', what: 'tile', mechanic: 'boulder', description: 'Open gate' },
  { char: '^', name: 'spikes', what: 'tile', mechanic: 'spikes', description: 'Spikes: up when (step + phase) % period < duty; standing on them up costs a heart' },
  { char: '~', name: 'crumbling', what: 'tile', mechanic: 'crumble', description: 'Crumbling floor: a pit once walked off' },
  { char: 'x', name: 'pit', what: 'tile', mechanic: 'pit', description: 'Pit: jumped with the feather, crossed with the hook, filled by a boulder' },
  { char: 'f', name: 'feather', what: 'item', mechanic: 'feather', description: 'Feather: jump over one cell (2 steps)' },
  { char: 'g', name: 'hook', what: 'item', mechanic: 'hook', description: 'Hook: pull yourself along a line to the cell before an anchor' },
  { char: '+', name: 'anchor', what: 'tile', mechanic: 'hook', description: 'Anchor post for the hook' },
  { char: '-', name: 'ice', what: 'tile', mechanic: 'ice', description: 'Ice: a step becomes a slide' },
  { char: 't', name: 'torch', what: 'item', mechanic: 'light', description: 'Torch: light radius +1' },
  { char: 'L', name: 'lantern', what: 'item', mechanic: 'light', description: 'Lantern: light radius +2' },
  { char: 'h', name: 'heart', what: 'item', mechanic: 'hearts', description: 'Heart: one more heart' },
];

export const LEGEND_BY_CHAR: ReadonlyMap<string, LegendEntry> = new Map(LEGEND.map((e) => [e.char, e]));
export const LEGEND_CHARS = LEGEND.map((e) => e.char).join('');

export const MIN_SIDE = 3;
export const MAX_SIDE = 64;

const escaped = LEGEND_CHARS.replace(/[-\\^\]/]/g, (c) => `\\${c}`);
const ROW_PATTERN = new RegExp(`^[${escaped}]+$`);

export const spikeTimingSchema = z
  .object({
    period: z.int().min(1).max(16).default(4).describe('Steps in one spike cycle.'),
    duty: z.int().min(0).max(16).default(2).describe('Steps of each cycle the spikes are up: up when (step + phase) % period < duty.'),
    phase: z.int().min(0).max(15).default(0).describe('Offset of the cycle, added to the step count.'),
  })
  .refine((s) => s.duty <= s.period, { message: 'duty cannot exceed period', path: ['duty'] })
  .describe('When the spikes are up (the time dimension: waiting one step is a legal move).');

/**
 * One chapter's rules: what it changes from the settings above (a level's `chapter` picks it). A
 * chapter changed in the rule inspector changes the rules of its levels, so they re-verify.
 */
export const chapterRulesSchema = z
  .object({
    name: z.string().max(100).optional().describe('The chapter\'s name, shown with its levels.'),
    mechanics: z.array(z.enum(MECHANICS)).max(MECHANICS.length).optional().describe('Mechanics this chapter\'s levels may use (absent: the settings above).'),
    lightRadius: z.int().min(2).max(5).optional().describe('Light radius in this chapter (2 to 5).'),
    tightness: z.number().min(0.5).max(1).optional().describe('Shortest solution / step limit in this chapter: higher is tighter.'),
    recalls: z.int().min(0).max(9).optional().describe('Recalls per level in this chapter.'),
    hearts: z.int().min(1).max(9).optional().describe('Hearts at the start of this chapter\'s levels.'),
    spikes: z
      .object({
        period: z.int().min(1).max(16).describe('Steps in one spike cycle.'),
        duty: z.int().min(0).max(16).describe('Steps of each cycle the spikes are up.'),
        phase: z.int().min(0).max(15).describe('Offset of the cycle, added to the step count.'),
      })
      .refine((t) => t.duty <= t.period, { message: 'duty cannot exceed period', path: ['duty'] })
      .optional()
      .describe('Spike timing in this chapter.'),
  })
  .describe('A chapter\'s rules, overriding the settings above for the levels that name it.');
export type ChapterRules = z.infer<typeof chapterRulesSchema>;

export const mazeConfigSchema = z
  .object({
    mechanics: z
      .array(z.enum(MECHANICS))
      .max(MECHANICS.length)
      .default([...MECHANICS])
      .describe('Mechanics a level may use (a chapter allows its own): door, bomb, boulder, spikes, crumble, pit, feather, hook, ice, light, hearts. A level using another is refused.'),
    lightRadius: z.int().min(2).max(5).default(3).describe('Cells the player sees around them in the dark (2 to 5); torches and lanterns add to it, up to 5.'),
    tightness: z.number().min(0.5).max(1).default(0.8).describe("Shortest solution / step limit: a level's step limit is floor(par / tightness). 0.73 in a tutorial chapter, 0.90 in the last."),
    recalls: z.int().min(0).max(9).default(3).describe('Recalls per level: each costs 3 steps and shows the whole map for one step.'),
    hearts: z.int().min(1).max(9).default(3).describe('Hearts at the start; raised spikes take one, and none left loses.'),
    spikes: spikeTimingSchema.default({ period: 4, duty: 2, phase: 0 }),
    chapters: z.array(chapterRulesSchema).max(16).default([]).describe("Per-chapter rules, chapter 1 first: a level whose `chapter` is n plays under the settings above changed by the n-th entry (mechanics allowed, light radius, tightness, recalls, hearts, spike timing)."),
  })
  .describe('The maze rules (EchoHalls): which mechanics a chapter allows, light, step-limit tightness, recalls, hearts and spike timing.');
export type MazeConfig = z.infer<typeof mazeConfigSchema>;

/**
 * The schema checks shape and characters; one start, an exit and equal row lengths are lint (so
 * the diagnostics can name the row).
 */
export const mazeLevelSchema = z.object({
  title: z.string().max(1000).optional(),
  author: z.string().max(1000).optional(),
  comments: z.array(z.string().max(100_000)).max(10_000).optional(),
  notes: z.record(z.string().max(200), z.string().max(100_000)).optional(),
  /** Rows top to bottom, one legend character per cell. */
  rows: z.array(z.string().max(MAX_SIDE).regex(ROW_PATTERN, 'a row holds only legend characters')).min(MIN_SIDE).max(MAX_SIDE),
  /** The proven shortest solution in steps; with the config's tightness it sets the step limit (absent: no limit). */
  par: z.int().min(1).max(100_000).optional(),
  /** The chapter whose rules it plays under (the config's `chapters`, 1 first); absent: the settings themselves. */
  chapter: z.int().min(1).max(16).optional(),
});
export type MazeLevel = z.infer<typeof mazeLevelSchema>;

/** Move one cell (`u d l r`), jump two with the feather (`U D L R`), hook (`^ v < >`), wait (`w`), recall (`m`). */
export const MAZE_COMMANDS = ['u', 'd', 'l', 'r', 'U', 'D', 'L', 'R', '^', 'v', '<', '>', 'w', 'm'] as const;
export type MazeCommand = (typeof MAZE_COMMANDS)[number];
export const MOVE_COMMANDS: readonly MazeCommand[] = ['u', 'd', 'l', 'r'];
export const JUMP_COMMANDS: readonly MazeCommand[] = ['U', 'D', 'L', 'R'];
export const HOOK_COMMANDS: readonly MazeCommand[] = ['^', 'v', '<', '>'];
