/**
 * The Campaign view's palette commands (contributions/campaign.ts), in both languages; filed
 * under `campaignCommands.` by en.ts and zh-CN.ts.
 */
export const campaignCommandsEn = {
  group: 'Campaign',
  newCampaign: 'New campaign…',
  newFromSelection: 'New campaign from the selected levels…',
  rename: 'Rename the campaign…',
  duplicate: 'Duplicate the campaign…',
  delete: 'Delete the campaign',
  restore: 'Undo deleting campaign "{name}"',
  chapterAdd: 'New chapter from the selected level…',
  chapterRename: "Rename the selected level's chapter…",
  chapterRemove: "Remove the selected level's chapter",
  moveUp: 'Move the selected levels up',
  moveDown: 'Move the selected levels down',
  pin: 'Pin the selected levels to their positions',
  unpin: 'Unpin the selected levels',
  undo: 'Undo the last campaign change',
  redo: 'Redo the campaign change',
  showCharts: "Show the campaign's difficulty charts",
  suggest: 'Suggest an order for a chapter…',
  exportCsv: "Export the campaign's table as CSV",
};

export const campaignCommandsZhCN: typeof campaignCommandsEn = {
  group: '关卡集',
  newCampaign: '新建关卡集…',
  newFromSelection: '用所选关卡新建关卡集…',
  rename: '重命名关卡集…',
  duplicate: '复制关卡集…',
  delete: '删除关卡集',
  restore: '撤销删除关卡集“{name}”',
  chapterAdd: '从所选关卡起新建章节…',
  chapterRename: '重命名所选关卡所在的章节…',
  chapterRemove: '移除所选关卡所在的章节',
  moveUp: '将所选关卡上移',
  moveDown: '将所选关卡下移',
  pin: '将所选关卡固定在当前位置',
  unpin: '取消固定所选关卡',
  undo: '撤销上一次关卡集改动',
  redo: '重做关卡集改动',
  showCharts: '显示关卡集的难度图表',
  suggest: '为章节建议顺序…',
  exportCsv: '将关卡集表格导出为 CSV',
};
