/**
 * Messages of baking a campaign from seeds (issue 25, seed 001's bake): the palette command and
 * the panel with its progress and chapter table; filed under `bake.` by en.ts and zh-CN.ts.
 */
export const bakeEn = {
  title: 'Bake from seeds',
  command: 'Bake a campaign from seeds…',
  close: 'Close',
  none: 'The open campaign’s kind offers no campaign to bake.',
  plan: '{name}: {chapters} chapters made again from their seeds across the workers',
  start: 'Bake',
  cancel: 'Cancel',
  cancelled: 'The bake was cancelled: no campaign was written.',
  failed: 'The bake failed: see Jobs for the range that failed.',
  done: 'Baked: the campaign is in the library.',
  open: 'Open it',
  chapter: 'Chapter',
  levels: 'Levels',
  column: {
    shortest: 'Shortest',
    stepLimit: 'Step limit',
    tightness: 'Tightness',
    blindPassRate: 'Blind pass rate',
  },
};

export const bakeZhCN: typeof bakeEn = {
  title: '从种子烘焙',
  command: '从种子烘焙战役…',
  close: '关闭',
  none: '当前战役的类型没有可烘焙的战役。',
  plan: '{name}：{chapters} 章，由各工作进程按种子重新生成',
  start: '烘焙',
  cancel: '取消',
  cancelled: '烘焙已取消：没有写入战役。',
  failed: '烘焙失败：到“任务”里查看失败的区段。',
  done: '烘焙完成：战役已在库中。',
  open: '打开',
  chapter: '章',
  levels: '关卡',
  column: {
    shortest: '最短解',
    stepLimit: '步数上限',
    tightness: '紧度',
    blindPassRate: '盲探一次通关率',
  },
};
