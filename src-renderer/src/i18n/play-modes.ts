/**
 * Messages of the HUD's inventory and the play modes a kind or campaign offers (issue 25: the
 * one-life "no-light night"), in both languages: filed under `playModes.` by en.ts and zh-CN.ts.
 */
export const playModesEn = {
  inventory: 'Held',
  low: 'running out',
};

export const playModesZhCN: typeof playModesEn = {
  inventory: '持有',
  low: '快用完了',
};
