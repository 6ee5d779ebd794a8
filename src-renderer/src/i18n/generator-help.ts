/**
 * Help lines of the generators' parameters in other languages, by parameter name. English comes
 * from the generators themselves (their zod `.describe`, sent in the JSON Schema), so it has none
 * here; a parameter without a line in the locale shows the English description.
 */
import type { Locale } from './locale.ts';

export const PARAM_HELP: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: {},
  'zh-CN': {
    width: '棋盘的列数（2 到 5）。',
    height: '棋盘的行数（2 到 5）。',
    goal: '还原后空格的位置：最后（右下角）或最前。',
    count: '要生成的关卡数；沿关卡集最优步数不会下降。',
    distance: '每个棋盘到目标的最优步数。',
    tier: '最优步数的难度区间；留空则从简单到困难。',
    minDistance: '关卡的最少最优步数（覆盖难度区间的下限）。',
    maxDistance: '关卡的最多最优步数（覆盖难度区间的上限）。',
    mode: '房间大小、箱子数、拉动次数和最优步数范围的组合（仿 BoxCat：普通、困难、专家）；每一项也可在下面单独设置。',
    boxes: '每关的箱子（和目标）数。',
    pulls: '反向行走从完成局面起拉动箱子的次数，每个候选在此范围内抽取。',
    par: '最优步数范围：只保留证明出的最优步数落在此范围内的关卡。',
    blocks: '模板房间的大小，以 3x3 块计（Taylor 与 Parberry）。',
    room: '设计师手绘的房间（XSB 行）：其墙和地面即房间，其目标（若有）即目标集；箱子和玩家被忽略。',
    budget: '每次正向证明的状态预算：在此预算内未能证明最优步数的关卡会被淘汰。',
    maxCandidates: '最多尝试的候选数，超过则停止（绝不无限循环）。',
    pool: '每个所需关卡收集的已证明关卡数；按质量分保留最好的。',
    chapter: '为内置战役（回声大厅）的哪一章生成关卡，1 到 8。',
    spec: '自定义章节，代替内置章节：其规则、尺寸、环路、步数窗口、机器人通过率窗口和机关。',
  },
};
