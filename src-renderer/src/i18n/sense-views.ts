/**
 * Words for the views that read a par or a distance by the objective's sense (issue 26): the
 * replay scrubber's curve and summary, the Level view's recordings table and the Candidates
 * bench. `{objective}` is the kind's own name for its objective (`objective.<id>` in its
 * messages: "Score"); the minimised words stay in replays.ts, level.ts and candidates.ts.
 */
export const senseViewsEn = {
  /** The curve's caption and its accessible label, for a maximised objective. */
  curveMax: 'Best {objective} still reachable',
  curveMaxLabel: 'At each step, the {objective} so far plus the most still to gain (dashed: at least this much, the search ran out of budget)',
  /** The same for a minimised objective, named in its unit. */
  curveMin: 'Distance to goal ({objective})',
  /** The replay summary, maximised. */
  valueBest: '{objective} {value} (best reachable {par})',
  valueOnly: '{objective} {value}',
  givenUp: 'Moves made {n}; {objective} given up {wasted}',
  divergenceMax: 'Leaves every best line at step {n}',
  ended: 'The game is over',
  /** The step shown, maximised: the best final value still reachable from it. */
  hereBest: 'best reachable {n}',
  hereAtLeast: 'at least {n} reachable',
  /** A recording's score against the level's best (the Level view's recordings table). */
  valueVsBest: '{n} (best {par})',
  /** The Candidates bench, maximised: a card's par, the preview's par label and its won line. */
  bestShort: 'best {n}',
  bestLabel: 'Best {objective}',
  wonWith: 'Won with {value}.',
};

export const senseViewsZhCN: typeof senseViewsEn = {
  curveMax: '仍可达到的最佳{objective}',
  curveMaxLabel: '每一步：到此为止的{objective}加上此后最多还能获得的部分（虚线：至少这么多，搜索用完了预算）',
  curveMin: '距目标的距离（{objective}）',
  valueBest: '{objective} {value}（可达最佳 {par}）',
  valueOnly: '{objective} {value}',
  givenUp: '共移动 {n}；放弃的{objective} {wasted}',
  divergenceMax: '在第 {n} 步离开所有最佳走法',
  ended: '游戏已结束',
  hereBest: '可达最佳 {n}',
  hereAtLeast: '至少可达 {n}',
  valueVsBest: '{n}（最佳 {par}）',
  bestShort: '最佳 {n}',
  bestLabel: '最佳{objective}',
  wonWith: '以 {value} 获胜。',
};
