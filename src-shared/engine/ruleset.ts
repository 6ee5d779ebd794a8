/**
 * The ruleset contract: what every puzzle kind (push, sliding, maze, blocks) provides so that the
 * editor preview, play-test, solvers, generators, bots, replay and re-verification all run the
 * same `step` (seed 000: one rule engine, many consumers).
 *
 * It is split into facets, one module each under `contract/`:
 * - game (`load`, `lint`, `serialize`, `step`, `status`, `commands`, `counters`),
 * - search (`key`, `canonical`, `lowerBound` / `upperBound`, `deadEnd`, `solve`, `metrics`;
 *   objectives, compared both ways through `contract/objective.ts`),
 * - codec (commands and solutions as text; level file formats),
 * - display (`view` in layers, `appearance`, `hud`, key bindings, clicks with a selection,
 *   perception),
 * - bots (the verification facet: weak players whose pass rates verification records),
 * - editing (the level as a grid of layered cells, a palette, the kind's constraints; the
 *   operations are generic, in engine/editing/),
 * - the kind (`RulesetKind`: schemas, objectives, formats, generators, messages, `create`).
 * Everything here is pure: no clock, no Math.random, no globals.
 */
import type { LevelMeta } from './contract/game.ts';
import type { Rules } from './contract/rules.ts';
import type { RulesetKind } from './contract/kind.ts';

export * from './contract/game.ts';
export * from './contract/search.ts';
export * from './contract/objective.ts';
export * from './contract/codec.ts';
export * from './contract/display.ts';
export * from './contract/editing.ts';
export * from './contract/bots.ts';
export * from './contract/kind.ts';
export * from './contract/rules.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRules = Rules<LevelMeta, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRulesetKind = RulesetKind<any, any, any, any>;
