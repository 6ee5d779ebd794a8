/**
 * A chapter as the generator sees it: its rules (what the ruleset config's chapter entry holds)
 * and how its mazes are made and sieved. The built-in campaign's eight chapters follow seed 001's
 * table: what each teaches, its shortest-solution window and its tightness, rising from 0.73 to
 * 0.90; chapter 1 is a tutorial a blind first try passes about a third of the time, the others
 * almost never.
 */
import { z } from 'zod';
import { MECHANICS, type ChapterRules } from '../schema.ts';

const range = (min: number, max: number, what: string) =>
  z.tuple([z.number().min(min).max(max), z.number().min(min).max(max)]).describe(`${what}: [least, most].`);

export const motifCountsSchema = z
  .object({
    doors: z.int().min(0).max(4).default(0).describe('Locked doors on the way, each with its key on the near side.'),
    bombs: z.int().min(0).max(4).default(0).describe('Cracked walls on the way, each with a bomb on the near side.'),
    gates: z.int().min(0).max(2).default(0).describe('Gates on the way, each opened by a boulder pushed onto a plate on the near side.'),
    spikes: z.int().min(0).max(12).default(0).describe('Spike cells on the way.'),
    crumble: z.int().min(0).max(12).default(0).describe('Crumbling floor cells, on the way and at the mouths of side passages.'),
    ice: z.int().min(0).max(6).default(0).describe('Ice patches (a cell and its open neighbours).'),
    pits: z.int().min(0).max(3).default(0).describe('Pits across the way, jumped with a feather found on the near side.'),
    hooks: z.int().min(0).max(2).default(0).describe('Pits along a straight run with an anchor at both ends, crossed with a hook from the near side.'),
  })
  .describe('What the generator places on the way to the exit, backwards from where it must be.');

export type MotifCounts = z.infer<typeof motifCountsSchema>;

export const chapterSpecSchema = z
  .object({
    name: z.string().max(100).default('Chapter').describe("The chapter's name."),
    mechanics: z.array(z.enum(MECHANICS)).max(MECHANICS.length).default([]).describe('Mechanics its levels may use.'),
    lightRadius: z.int().min(2).max(5).default(3).describe('Light radius of its levels.'),
    tightness: z.number().min(0.5).max(1).default(0.8).describe('Shortest solution / step limit.'),
    recalls: z.int().min(0).max(9).default(3).describe('Recalls per level.'),
    hearts: z.int().min(1).max(9).default(3).describe('Hearts at the start.'),
    spikes: z.object({ period: z.int().min(1).max(16), duty: z.int().min(0).max(16), phase: z.int().min(0).max(15) }).default({ period: 4, duty: 2, phase: 0 }).describe('Spike timing.'),
    cells: z.tuple([z.int().min(4).max(31), z.int().min(4).max(31)]).default([9, 9]).describe('Maze cells across and down (the board is twice as large plus a wall).'),
    braid: z.number().min(0).max(1).default(0.3).describe('Share of dead ends knocked through into loops (what defeats the wall followers).'),
    shortest: range(1, 2000, 'Shortest-solution window in steps').default([40, 80]),
    blindPassRate: range(0, 1, 'Blind explorer pass rate a level may have').default([0, 0.07]),
    simpleBots: z.enum(['reject', 'allow']).default('reject').describe('Whether a level the greedy bot or a wall follower wins is rejected (a tutorial allows it).'),
    minDepth: z.int().min(0).max(20).default(0).describe('Fewest mechanism uses the shortest solution must make (doors opened, walls broken, gates opened, jumps, pulls, pits filled).'),
    motifs: motifCountsSchema.default(motifCountsSchema.parse({})),
  })
  .describe("One chapter: its rules, and how its mazes are made and sieved.");
export type ChapterSpec = z.infer<typeof chapterSpecSchema>;

/** The chapter's rules, as the ruleset config's chapter entry holds them. */
export function chapterRulesOf(spec: ChapterSpec): ChapterRules {
  return { name: spec.name, mechanics: [...spec.mechanics], lightRadius: spec.lightRadius, tightness: spec.tightness, recalls: spec.recalls, hearts: spec.hearts, spikes: { ...spec.spikes } };
}

const chapter = (input: z.input<typeof chapterSpecSchema>): ChapterSpec => chapterSpecSchema.parse(input);

/** The built-in campaign, Echo Halls: eight chapters, six levels each. */
export const ECHO_HALLS_NAME = 'Echo Halls';
export const ECHO_HALLS_LEVELS_PER_CHAPTER = 6;
export const ECHO_HALLS: readonly ChapterSpec[] = [
  chapter({ name: 'Stone Gallery', mechanics: ['door'], lightRadius: 5, tightness: 0.73, recalls: 5, cells: [9, 9], braid: 0.1, shortest: [44, 58], blindPassRate: [0.27, 0.45], simpleBots: 'allow', motifs: { doors: 1 } }),
  chapter({ name: 'Under the Lamp', mechanics: ['door', 'bomb'], lightRadius: 3, tightness: 0.76, recalls: 4, cells: [11, 10], braid: 0.3, shortest: [50, 78], motifs: { doors: 1, bombs: 1 } }),
  chapter({ name: 'Fangs', mechanics: ['spikes', 'crumble', 'door'], lightRadius: 3, tightness: 0.8, recalls: 4, cells: [12, 11], braid: 0.3, shortest: [64, 81], spikes: { period: 4, duty: 2, phase: 0 }, minDepth: 1, motifs: { spikes: 5, crumble: 4, doors: 1 } }),
  chapter({ name: 'Boulders', mechanics: ['boulder', 'door'], lightRadius: 3, tightness: 0.8, recalls: 4, cells: [10, 9], braid: 0.3, shortest: [46, 64], minDepth: 1, motifs: { gates: 1 } }),
  chapter({ name: 'Ice Rooms', mechanics: ['ice', 'door'], lightRadius: 3, tightness: 0.81, recalls: 4, cells: [10, 9], braid: 0.35, shortest: [40, 66], motifs: { ice: 4, doors: 1 } }),
  chapter({ name: 'Deep Pits', mechanics: ['pit', 'feather', 'hook'], lightRadius: 3, tightness: 0.82, recalls: 4, cells: [11, 10], braid: 0.3, shortest: [56, 76], minDepth: 1, motifs: { pits: 1, hooks: 1 } }),
  chapter({ name: 'Dark Memory', mechanics: ['door', 'bomb', 'spikes'], lightRadius: 2, tightness: 0.85, recalls: 3, cells: [14, 13], braid: 0.35, shortest: [79, 143], motifs: { doors: 1, bombs: 1, spikes: 4 } }),
  chapter({ name: 'Echo', mechanics: ['door', 'bomb', 'boulder', 'spikes', 'crumble', 'pit', 'feather', 'hook', 'ice'], lightRadius: 2, tightness: 0.9, recalls: 2, cells: [13, 12], braid: 0.35, shortest: [68, 102], minDepth: 2, motifs: { doors: 1, bombs: 1, spikes: 3, crumble: 2, pits: 1, ice: 1 } }),
];
