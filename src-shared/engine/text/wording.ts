/** Words for counts in messages: "1 level", "2 levels", never "1 levels". */
export function countOf(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** "1 box", "1,234 boxes": a count for a sentence, digits grouped by hand (no locale in src-shared). */
export function countGrouped(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${count === 1 ? noun : pluralNoun}`;
}

/** The note that closes a capped list of problems: "3 more problems were not listed." */
export function unlistedProblems(count: number): string {
  return count === 1 ? '1 more problem was not listed.' : `${count} more problems were not listed.`;
}
