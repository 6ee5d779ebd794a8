/**
 * Stamped tables: an entry of a Uint32Array is set when it holds the current stamp and clear
 * otherwise, so a walk clears its table by taking the next stamp. Thirty-two bits run out after
 * about four billion walks (an hour or more of one search on a full-size level): then the tables
 * are zeroed and the stamps start again from 1, as in a new table.
 */
export const STAMP_LIMIT = 0xffffffff;

/** The last stamp before the tables are zeroed: STAMP_LIMIT but inside `withStampLimit`. */
let last = STAMP_LIMIT;

/**
 * Runs `run` with stamps that start again after `limit` instead (the tests': tables zeroed every
 * few walks must give the same searches), and puts STAMP_LIMIT back.
 */
export function withStampLimit<T>(limit: number, run: () => T): T {
  const before = last;
  last = limit;
  try {
    return run();
  } finally {
    last = before;
  }
}

/**
 * The stamp after `stamp`, for the tables given (up to four that share it): when it would pass
 * STAMP_LIMIT (or `withStampLimit`'s limit) they are zeroed and the next stamp is 1. A caller
 * that keeps a stamp of its own (a walk it remembers) holds an old one after this either way.
 */
export function nextStamp(stamp: number, a: Uint32Array, b?: Uint32Array, c?: Uint32Array, d?: Uint32Array): number {
  if (stamp < last) return stamp + 1;
  a.fill(0);
  b?.fill(0);
  c?.fill(0);
  d?.fill(0);
  return 1;
}
