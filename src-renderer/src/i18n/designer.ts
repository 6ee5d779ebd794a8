/**
 * Messages added by the designer's walk (issue 22), in both languages: filed under `designer.` by
 * en.ts and zh-CN.ts, by the area that shows them, until the per-area message modules take them in.
 */
export const designerEn = {
  proof: {
    staleRules: 'This proof was made under other rules: verify again.',
    staleContent: 'This proof was made before the level was last edited: verify again.',
    staleBoth: 'This proof was made under other rules and before the level was last edited: verify again.',
  },
  recordings: {
    kept: 'The play could not reach the host: it is kept here and stored when the host is back.',
    waiting: 'No play waiting to be stored | 1 play waiting to be stored (the host is out of reach) | {n} plays waiting to be stored (the host is out of reach)',
  },
  editor: {
    gridLinesHelp: 'Draw a line between the cells of the board',
    newLevelHelp: 'Make a new level (an empty room of a size you choose) after this one',
    duplicateHelp: 'Make a copy of this draft after this level',
    deleteHelp: 'Take this level out of the campaign (the banner that follows puts it back)',
    legend: 'What the coloured cells mean',
    pathLegend: 'Solution path (numbered in the order the solution first passes)',
  },
  library: {
    stalePar: '{n} (stale)',
  },
  jobs: {
    finishedSingle: 'No finished single job | 1 finished single job (live proofs, hints) | {n} finished single jobs (live proofs, hints)',
  },
  reports: {
    rulesCompared: 'Rules compared: {old} → {new}',
    version: '{ruleset} v{number}',
    versionNote: '{ruleset} v{number} (“{note}”)',
    unknownVersion: 'rules no longer in this library ({fingerprint})',
    budgetPar: '{old} → not proven',
    budgetIntended: 'Par not proven under the new rules (budget); the intended solution still wins in {n} moves.',
    budgetRecording: 'Par not proven under the new rules (budget); a recording still wins in {n} moves.',
    budgetNothing: 'Par not proven under the new rules (budget); no recording shows it can still be won.',
    showUnchanged: 'Show the unchanged levels | Show the unchanged level | Show the {n} unchanged levels',
    hideUnchanged: 'Hide the unchanged levels',
  },
};

export const designerZhCN: typeof designerEn = {
  proof: {
    staleRules: '此证明是在其他规则下做出的：请重新验证。',
    staleContent: '此证明早于关卡的最近一次编辑：请重新验证。',
    staleBoth: '此证明是在其他规则下、且早于关卡的最近一次编辑做出的：请重新验证。',
  },
  recordings: {
    kept: '这次游玩未能送达主机：已在本地保留，主机恢复后即存入。',
    waiting: '没有等待存入的游玩 | 1 次游玩等待存入（主机无法访问） | {n} 次游玩等待存入（主机无法访问）',
  },
  editor: {
    gridLinesHelp: '在棋盘的格子之间画线',
    newLevelHelp: '在此关卡之后新建关卡（自选大小的空房间）',
    duplicateHelp: '在此关卡之后复制当前草稿',
    deleteHelp: '将此关卡移出战役（随后出现的提示条可将其放回）',
    legend: '着色格子的含义',
    pathLegend: '解法路径（数字为解法首次经过的顺序）',
  },
  library: {
    stalePar: '{n}（已过时）',
  },
  jobs: {
    finishedSingle: '没有已结束的单项任务 | 1 个已结束的单项任务（实时证明、提示） | {n} 个已结束的单项任务（实时证明、提示）',
  },
  reports: {
    rulesCompared: '比较的规则：{old} → {new}',
    version: '{ruleset} 第 {number} 版',
    versionNote: '{ruleset} 第 {number} 版（“{note}”）',
    unknownVersion: '已不在此关卡库中的规则（{fingerprint}）',
    budgetPar: '{old} → 未证明',
    budgetIntended: '新规则下未能证明标准步数（预算用尽）；预定解法仍以 {n} 步获胜。',
    budgetRecording: '新规则下未能证明标准步数（预算用尽）；有录像仍以 {n} 步获胜。',
    budgetNothing: '新规则下未能证明标准步数（预算用尽）；没有录像表明它仍可获胜。',
    showUnchanged: '显示未变化的关卡 | 显示 {n} 个未变化的关卡 | 显示 {n} 个未变化的关卡',
    hideUnchanged: '隐藏未变化的关卡',
  },
};
