/**
 * Messages of the HUD's inventory and the play modes a kind or campaign offers (issue 25: the
 * one-life "no-light night"), in both languages: filed under `playModes.` by en.ts and zh-CN.ts.
 */
export const playModesEn = {
  inventory: 'Held',
  low: 'running out',
  mode: 'Play mode',
  ordinary: 'Ordinary play',
  backToFirst: 'Back to level 1',
  runLevel: 'Level {n} of {total} in one life',
  runComplete: 'The whole campaign in one life.',
  runFailed: 'The run is over: back to level 1.',
};

export const playModesZhCN: typeof playModesEn = {
  inventory: '持有',
  low: '快用完了',
  mode: '玩法',
  ordinary: '普通试玩',
  backToFirst: '回到第 1 关',
  runLevel: '一命通关：第 {n} 关，共 {total} 关',
  runComplete: '一条命打通了整个战役。',
  runFailed: '这一轮结束了：回到第 1 关。',
};
