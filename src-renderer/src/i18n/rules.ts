/**
 * Messages of the Rules view (the kind's configuration and its problems).
 * Both languages side by side; en.ts and zh-CN.ts assemble the areas.
 */
export const rulesEn = {
  rules: {
    toolbar: 'Rules',
    title: 'Rules of {campaign}: {ruleset}',
    versionOf: 'version {n} · {kind}',
    loading: 'Loading the rules…',
    emptyTitle: 'No campaign is open',
    emptyHint: 'Open a campaign in the Library: its rules config shows here.',
    note: 'Note for this version',
    notePlaceholder: 'Note for this version (optional)',
    save: 'Save as new version',
    saveHint: 'Save the config as a new version of these rules',
    discard: 'Discard changes',
    saved: 'Saved version {n} of the rules',
    unchanged: 'The config equals version {n}: nothing was saved',
    refused: 'Not saved. {reason}',
    fingerprint: 'Rules fingerprint when this version was saved',
    reach: {
      one: 'A change reaches {campaign} ({levels} levels): its verified levels go stale.',
      shared: 'These rules ({ruleset}) are shared by {n} campaigns ({levels} levels): a change reaches every one of them, and their verified levels go stale.',
      campaign: '{name} ({n})',
    },
    problems: {
      title: 'Problems',
      none: 'No problems: the config matches the schema.',
    },
    versions: {
      title: 'Versions',
      number: 'Version {n}',
      current: 'current',
      noNote: 'no note',
      revert: 'Revert',
      revertHint: 'Make version {n} current again (as a new version)',
      revertDirty: 'Save or discard your changes first',
      compare: 'Compare the two ticked',
      compareHint: 'Tick two versions to see them side by side',
    },
    diff: {
      title: 'Version {a} → version {b}',
      close: 'Back to the editor',
    },
    errors: {
      load: 'Could not load the rules',
      save: 'Could not save the rules',
      revert: 'Could not revert the rules',
    },
  },
};

export const rulesZhCN: typeof rulesEn = {
  rules: {
    toolbar: '规则',
    title: '{campaign} 的规则：{ruleset}',
    versionOf: '第 {n} 版 · {kind}',
    loading: '正在加载规则…',
    emptyTitle: '没有打开的关卡集',
    emptyHint: '在关卡库中打开一个关卡集，它的规则配置会显示在这里。',
    note: '本版本的备注',
    notePlaceholder: '本版本的备注（可选）',
    save: '保存为新版本',
    saveHint: '把配置保存为这套规则的新版本',
    discard: '放弃修改',
    saved: '已保存规则的第 {n} 版',
    unchanged: '配置与第 {n} 版相同，没有保存任何内容',
    refused: '未保存。{reason}',
    fingerprint: '保存此版本时的规则指纹',
    reach: {
      one: '修改会影响 {campaign}（{levels} 个关卡）：已验证的关卡会变为过期。',
      shared: '这套规则（{ruleset}）由 {n} 个关卡集共用（共 {levels} 个关卡）：修改会影响其中每一个，已验证的关卡都会变为过期。',
      campaign: '{name}（{n}）',
    },
    problems: {
      title: '问题',
      none: '没有问题：配置符合模式。',
    },
    versions: {
      title: '版本',
      number: '第 {n} 版',
      current: '当前',
      noNote: '无备注',
      revert: '恢复',
      revertHint: '让第 {n} 版重新成为当前版本（作为新版本保存）',
      revertDirty: '请先保存或放弃你的修改',
      compare: '比较勾选的两个版本',
      compareHint: '勾选两个版本以并排比较',
    },
    diff: {
      title: '第 {a} 版 → 第 {b} 版',
      close: '返回编辑器',
    },
    errors: {
      load: '无法加载规则',
      save: '无法保存规则',
      revert: '无法恢复规则',
    },
  },
};
