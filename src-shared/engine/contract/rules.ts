/**
 * Rules bound to one config: the facets together. Each consumer needs only some of them (a search
 * the game and search facets, the board renderer the display facet) and may type against those.
 */
import type { BotsFacet } from './bots.ts';
import type { CodecFacet } from './codec.ts';
import type { DisplayFacet } from './display.ts';
import type { EditingFacet } from './editing.ts';
import type { GameFacet, LevelMeta } from './game.ts';
import type { Objective, SearchFacet } from './search.ts';

export interface RulesIdentity {
  readonly kind: string;
  /** Hash of kind, rules version and canonical config: see `rulesFingerprint`. */
  readonly fingerprint: string;
  /** The kind's objectives (`RulesetKind.objectives`), the primary one first. */
  readonly objectives: readonly Objective[];
}

export interface Rules<L extends LevelMeta, S, C> extends RulesIdentity, GameFacet<L, S, C>, SearchFacet<S, C>, CodecFacet<S, C>, DisplayFacet<S, C>, BotsFacet<S, C> {
  /** How the level editor edits this kind's documents (absent: not editable in the studio). */
  readonly editing?: EditingFacet<L>;
}

/** What the generic searches need: the game and the search facets. */
export type SearchableRules<S, C> = Pick<GameFacet<LevelMeta, S, C>, 'step' | 'status' | 'commands'> & Pick<SearchFacet<S, C>, 'key' | 'lowerBound'>;

/** What the generic search for a maximised objective needs besides: the counters it scores by, the optimistic bound. */
export type ScorableRules<S, C> = SearchableRules<S, C> & Pick<GameFacet<LevelMeta, S, C>, 'counters'> & Pick<SearchFacet<S, C>, 'upperBound'>;
