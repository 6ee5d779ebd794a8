/**
 * Messages of the replay scrubber panel (issue 24: the scrubber opened in place from any view), in
 * both languages: filed under `replayPanel.` by en.ts and zh-CN.ts.
 */
export const replayPanelEn = {
  title: 'Replay',
  recording: 'Recording #{n}',
  named: 'Recording “{name}”',
  solution: 'The verification’s solution',
  candidate: 'Candidate #{n}’s solution',
  openInView: 'Open in Replays',
  close: 'Close the replay',
};

export const replayPanelZhCN: typeof replayPanelEn = {
  title: '回放',
  recording: '录像 #{n}',
  named: '录像“{name}”',
  solution: '验证的解法',
  candidate: '候选 #{n} 的解法',
  openInView: '在回放视图中打开',
  close: '关闭回放',
};
