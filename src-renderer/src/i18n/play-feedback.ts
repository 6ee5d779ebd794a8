/**
 * What the play-test says back to the player beside the board: a placement the rules refused (a
 * click or Enter where the selected piece does not fit). Filed under `playFeedback.` by en.ts and
 * zh-CN.ts.
 */
export const playFeedbackEn = {
  doesNotFit: 'The selected piece does not fit there: aim elsewhere or pick another piece (Tab).',
};

export const playFeedbackZhCN: typeof playFeedbackEn = {
  doesNotFit: '所选方块放不下：换个位置，或换一个方块（Tab）。',
};
