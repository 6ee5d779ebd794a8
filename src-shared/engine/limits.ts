/**
 * How long a line of commands may be: one number for one meaning, used by every layer that
 * reads, stores or replays one (the Studio API, the library, the LURD reader, the reverify job).
 *
 * A recording is a line of commands. Whatever the studio stores (a play's journal, an imported
 * solution, a verification's solution kept as intended) is at most MAX_RECORDING_STEPS long, and
 * re-verification replays every recording up to that length, so nothing the library holds can
 * fail a re-verification's payload. A library written by an older build may hold longer ones: a
 * re-verification reports those in their row as not replayed (and why), never as a failed batch.
 */
export const MAX_RECORDING_STEPS = 200_000;

/**
 * The longest solution the text readers (LURD) expand: the same as a recording, since a solution
 * read is stored or played as one. A file with a longer one is refused at import with its line.
 */
export const MAX_SOLUTION_MOVES = MAX_RECORDING_STEPS;
