/**
 * A bake plan: a chaptered campaign a kind's generator makes from seeds (seed 001's bake: each
 * chapter scans its candidates until it has its levels). Only data and one pure function, so a
 * job payload can carry the chapters and main can print a kind's own table without knowing the
 * kind. The plans on offer are listed in `bake-plans.ts`.
 */
export interface BakeChapter {
  readonly name: string;
  /** The generator's params for this chapter (its candidate search plans count and cap from them). */
  readonly params: unknown;
  readonly seed: string;
}

/** A column of a plan's chapter table. */
export interface BakeColumn {
  readonly id: string;
  /** English heading; the studio words it by `id` where it has the words. */
  readonly label: string;
}

export interface BakePlan {
  readonly id: string;
  readonly kind: string;
  readonly generator: string;
  /** The campaign's name (made unique when stored). */
  readonly campaign: string;
  /** The rules config its new ruleset holds. */
  readonly config: unknown;
  readonly chapters: readonly BakeChapter[];
  readonly columns: readonly BakeColumn[];
  /** A chapter's row of the table (by column id) from its levels as found (par and document). */
  figures(chapter: number, found: readonly { readonly par: number; readonly level: unknown }[]): Readonly<Record<string, string>>;
}
