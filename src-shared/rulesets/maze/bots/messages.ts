/** Words for the maze's bots, sieves and generator (en, zh-CN), joined into the kind's messages. */
export const BOT_MESSAGES_EN: Readonly<Record<string, string>> = {
  'metric.bot.greedy': 'Greedy bot', 'metric.bot.greedy.help': 'Whether a bot walking straight for the exit, with no plan, wins within the step limit (1) or not (0).',
  'metric.bot.left-hand': 'Left-hand bot', 'metric.bot.left-hand.help': 'Whether keeping the left hand on the wall wins within the step limit (1) or not (0).',
  'metric.bot.right-hand': 'Right-hand bot', 'metric.bot.right-hand.help': 'Whether keeping the right hand on the wall wins within the step limit (1) or not (0).',
  'metric.bot.blind': 'Blind pass rate', 'metric.bot.blind.help': 'Share of 15 seeded runs in which an explorer who sees only its light radius finishes within the step limit on its first try.',
  'generator.maze-chapters': 'Chapter mazes (backtracker + braiding + motifs)',
  'sieve.astar': 'A* shortest (unsolvable)', 'sieve.step-window': 'Step window', 'sieve.greedy': 'Greedy bot',
  'sieve.wall-followers': 'Wall followers', 'sieve.blind': 'Blind explorer ×15', 'sieve.necessity': 'Item necessity / mechanism depth',
};

export const BOT_MESSAGES_ZH: Readonly<Record<string, string>> = {
  'metric.bot.greedy': '贪心机器人', 'metric.bot.greedy.help': '一根筋直冲出口、不做规划的机器人能否在步数上限内通关（1 能，0 不能）。',
  'metric.bot.left-hand': '左手贴墙', 'metric.bot.left-hand.help': '左手贴墙走能否在步数上限内通关（1 能，0 不能）。',
  'metric.bot.right-hand': '右手贴墙', 'metric.bot.right-hand.help': '右手贴墙走能否在步数上限内通关（1 能，0 不能）。',
  'metric.bot.blind': '盲探一次通关率', 'metric.bot.blind.help': '只看得见光照半径的探路者跑 15 次（随机打破并列），第一次就在步数上限内走出去的比例。',
  'generator.maze-chapters': '分章迷宫（递归回溯 + 编织 + 母题）',
  'sieve.astar': 'A* 最短解（无解）', 'sieve.step-window': '步数区间', 'sieve.greedy': '贪心机器人',
  'sieve.wall-followers': '贴墙法机器人', 'sieve.blind': '盲探机器人 ×15', 'sieve.necessity': '道具必需性 / 机关深度',
};
