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

export const pushConfigSchema = z
  .object({
    pushStrength: z
      .int().min(1).max(8).default(1)
      .describe('Total weight the player can push in one move. 1 is plain Sokoban: one light box, never two in a row. 2 lets the player push two light boxes in a row, or one heavy box: boxes have weight.'),
    heavyWeight: z
      .int().min(1).max(8).default(2)
      .describe('Weight of a heavy box (a light box weighs 1). A heavy box moves only when the push strength is at least this.'),
    ice: z
      .object({
        enabled: z.boolean().default(true).describe('Ice cells take effect. Off: they play as floor (and are drawn as floor).'),
        boxesSlide: z.boolean().default(true).describe('A box pushed onto ice keeps sliding until something stops it.'),
        playerSlides: z.boolean().default(true).describe('The player slides across ice too, and cannot stop on it.'),
      })
      .default({ enabled: true, boxesSlide: true, playerSlides: true })
      .describe('Ice: cells on which things slide until blocked.'),
    doors: z
      .object({
        enabled: z.boolean().default(true).describe('Buttons and doors take effect. Off: doors stay open and buttons do nothing.'),
        opensWhen: z.enum(['all', 'any']).default('all').describe('A door opens when all of the buttons of its link are pressed, or when any one of them is. Doors change only at the end of a step, after every box and the player have moved.'),
        pressedBy: z.enum(['boxes', 'boxes-and-player']).default('boxes-and-player').describe('What holds a button down: boxes only, or the player standing on it too. A player or box sliding across a button does not press it.'),
      })
      .default({ enabled: true, opensWhen: 'all', pressedBy: 'boxes-and-player' })
      .describe('Buttons and the doors linked to them by id.'),
    teleporters: z
      .object({
        enabled: z.boolean().default(true).describe('Teleporter pads take effect: stepping onto one moves the player to its paired pad, if that pad is free.'),
        carryBoxes: z.boolean().default(false).describe('A box pushed onto a pad is carried to the other pad too.'),
      })
      .default({ enabled: true, carryBoxes: false })
      .describe('Paired teleporter pads.'),
  })
  .describe('The push rules: plain Sokoban plus the seed-000 mechanics (ice, buttons and doors, teleporters, heavy boxes).');
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
