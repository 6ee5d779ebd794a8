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
  },
};
