/**
 * Words for a maximised objective (a score), where the studio's words assume a minimised one
 * (moves): a par that is only a bound is "≥" and its proven bound an upper one. The minimised
 * words stay where they were (library.ts, level.ts, editor.ts, jobs.ts); views pick these by the
 * primary objective's sense (services/objective-sense.ts).
 */
export const objectivesEn = {
  /** The Library list's par tooltip. */
  parBoundMax: 'Par: the best score found, not proven: a higher one may exist (the search ran out of budget).',
  parBetweenMax: 'Par: between {n} and {high}; the search ran out of budget after proving no line scores more than {high}.',
  /** The Library list's par column help. */
  parHelpMax: 'Best score, from the solver (≥ when not proven): sort by it',
  /** The Level view's header (composables/objective-words.ts words it). */
  levelBest: 'best {n}',
  levelParBoundMax: 'best ≥ {n}',
  noBest: 'no best yet',
  noBestBudget: 'no best: budget exceeded',
  /** The inspectors' par. */
  inspectorParBoundMax: '≥ {n}',
  /** The editor's proof line. */
  editorBest: 'best {n}',
  editorParBoundMax: 'best ≥ {n}',
  editorParBetweenMax: 'best ≥ {n}, at most {high}',
  vsSavedMax: 'Best against the saved level',
  /** A job's outcome. */
  jobBoundMax: 'par ≥ {n} | par ≥ {n} | par ≥ {n}',
  /** How a new par compares with the old one, by the objective's sense. */
  better: 'better',
  worse: 'worse',
};

export const objectivesZhCN: typeof objectivesEn = {
  parBoundMax: '最佳得分：找到的最高分，尚未证明，可能还有更高分（搜索用完了预算）。',
  parBetweenMax: '最佳得分：在 {n} 到 {high} 之间；搜索在证明任何走法都不超过 {high} 分后用完了预算。',
  parHelpMax: '求解器给出的最高得分（未证明时标 ≥）：按此排序',
  levelBest: '最佳 {n}',
  levelParBoundMax: '最佳 ≥ {n}',
  noBest: '还没有最佳成绩',
  noBestBudget: '没有最佳成绩：超出预算',
  inspectorParBoundMax: '≥ {n}',
  editorBest: '最佳 {n}',
  editorParBoundMax: '最佳 ≥ {n}',
  editorParBetweenMax: '最佳 ≥ {n}，至多 {high}',
  vsSavedMax: '与已保存关卡相比的最佳成绩',
  jobBoundMax: '最佳 ≥ {n} | 最佳 ≥ {n} | 最佳 ≥ {n}',
  better: '更好',
  worse: '更差',
};
