/**
 * The push kind's documents: its config (edited in the rule inspector) and its JSON level format,
 * which carries what XSB cannot express (ice, buttons and doors, teleporters, heavy boxes).
 * Types are inferred from the zod schemas so the runtime check and the type are one source.
 */
import { z } from 'zod';

/** Largest board side the push kind accepts; larger input is refused with a diagnostic. */
export const MAX_BOARD_SIDE = 128;

const coordinate = z.int().min(0).max(MAX_BOARD_SIDE - 1);
/** A board cell as `[x, y]`: 0-based column and row. */
export const cellSchema = z.tuple([coordinate, coordinate]);
export type CellXY = z.infer<typeof cellSchema>;

const linkId = z.string().min(1).max(64);

export const pushConfigSchema = z.object({
  /** Total weight the player can push in one move; 1 is plain Sokoban (one light box). */
  pushStrength: z.int().min(1).max(8).default(1),
  /** Weight of a heavy box (a light box weighs 1). */
  heavyWeight: z.int().min(1).max(8).default(2),
  ice: z
    .object({
      enabled: z.boolean().default(true),
      /** A box that comes to rest on ice keeps sliding until blocked. */
      boxesSlide: z.boolean().default(true),
      /** The player slides too. */
      playerSlides: z.boolean().default(true),
    })
    .default({ enabled: true, boxesSlide: true, playerSlides: true }),
  doors: z
    .object({
      enabled: z.boolean().default(true),
      /** A door opens when all (or any) of the buttons of its link are pressed. */
      opensWhen: z.enum(['all', 'any']).default('all'),
      /** What presses a button. */
      pressedBy: z.enum(['boxes', 'boxes-and-player']).default('boxes-and-player'),
    })
    .default({ enabled: true, opensWhen: 'all', pressedBy: 'boxes-and-player' }),
  teleporters: z
    .object({
      enabled: z.boolean().default(true),
      /** Boxes pushed onto a pad are carried to the other pad too. */
      carryBoxes: z.boolean().default(false),
    })
    .default({ enabled: true, carryBoxes: false }),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** Board rows in XSB: `#` wall, ` `/`-`/`_` floor, `.` goal, `$` box, `*` box on goal, `@` player, `+` player on goal. */
export const XSB_BOARD_SYMBOLS = '#-_ .$*@+';

export const pushLevelSchema = z.object({
  title: z.string().max(1000).optional(),
  author: z.string().max(1000).optional(),
  comments: z.array(z.string().max(100_000)).max(10_000).optional(),
  notes: z.record(z.string().max(200), z.string().max(100_000)).optional(),
  board: z.array(z.string().max(MAX_BOARD_SIDE)).min(1).max(MAX_BOARD_SIDE),
  ice: z.array(cellSchema).max(MAX_BOARD_SIDE * MAX_BOARD_SIDE).optional(),
  buttons: z.array(z.object({ at: cellSchema, link: linkId })).max(4096).optional(),
  doors: z.array(z.object({ at: cellSchema, link: linkId })).max(4096).optional(),
  teleporters: z.array(z.object({ a: cellSchema, b: cellSchema })).max(4096).optional(),
  /** Start cells of the boxes that are heavy. */
  heavy: z.array(cellSchema).max(MAX_BOARD_SIDE * MAX_BOARD_SIDE).optional(),
});
export type PushLevel = z.infer<typeof pushLevelSchema>;

/** Player moves: up, down, left, right. */
export const directionSchema = z.enum(['u', 'd', 'l', 'r']);
export type Direction = z.infer<typeof directionSchema>;
export const DIRECTIONS: readonly Direction[] = ['u', 'd', 'l', 'r'];
