/**
 * The engine's diagnostics translated by their stable `code`, filled with the diagnostic's
 * `params` and its cell as {x}, {y} (i18n/diagnostic-text.ts). English has almost none: the engine's own message is the English
 * text, and a code without a translation falls back to it in every locale.
 */
import type { Locale } from './locale.ts';

export const DIAGNOSTIC_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: {
    // The generator's schema gives only a terse English reason for crossed distance ends.
    'sliding.params.crossed': 'Must be at most the longest distance.',
  },
  'zh-CN': {
    'push.goals.none': '棋盘上没有目标，关卡永远无法完成：请至少放置一个目标（. 或 *）。',
    'push.goals.too-many': '棋盘上有 {goals} 个目标，却只有 {boxes} 个箱子，总有目标空着，关卡永远无法完成：请去掉 {extra} 个目标或添加箱子。',
    'push.boxes.too-many': '棋盘上有 {boxes} 个箱子，却只有 {goals} 个目标；多出的箱子只是障碍。除非有意为之，请添加目标或去掉箱子。',
    'push.level.solved': '每个目标上都已有箱子，关卡在第一步之前就已完成：请把一个箱子移出目标，或添加一个目标。',
    'push.link.no-door': '({x},{y}) 处的按钮联动编号为“{link}”，但没有门使用这个编号，按下它不会有任何作用：请添加联动编号为“{link}”的门、改正编号，或去掉这个按钮。',
    'push.link.no-button': '({x},{y}) 处的门联动编号为“{link}”，但没有按钮使用这个编号，它永远不会打开，等同于墙：请添加联动编号为“{link}”的按钮、改正编号，或改画成墙。',
    'push.board.open': '玩家能走到棋盘边缘的 ({x},{y})，墙没有把关卡围住：请在游戏区域四周补上墙。',
    'push.box.unreachable': '({x},{y}) 处的箱子被墙隔开，玩家到不了，又不在目标上，关卡永远无法完成：请打开通路或移动这个箱子。',
    'push.goal.unreachable': '({x},{y}) 处的目标被墙隔开，玩家到不了，上面也没有箱子，关卡永远无法完成：请打开通路或移动这个目标。',
    'push.box.dead': '({x},{y}) 处的箱子从起点起就永远推不到任何目标（在角落里，或靠着一面沿途没有目标的墙）：请移动这个箱子，或添加一个它能到达的目标。',
    // The editor's lint and its refusals ({x}, {y}: the cell the diagnostic names).
    'push.board.empty': '棋盘上没有格子：至少画出墙、一个玩家和一个箱子。',
    'push.player.missing': '棋盘上没有玩家：请放置一个玩家（@，或在目标上放 +）。',
    'push.player.multiple': '({x},{y}) 处是多出来的玩家：关卡只能有一个玩家，请删掉多余的。',
    'push.entity.in-wall': '({x},{y}) 处的物件嵌在墙里：请删除它，或把那里改成地面。',
    'push.entity.overlap': '({x},{y}) 处有两个物件挤在同一格：请删掉其中一个。',
    'push.entity.outside': '({x},{y}) 处的物件在棋盘之外：请删除它，或扩大棋盘。',
    'push.teleporter.unpaired': '({x},{y}) 处的传送点没有配对：请再放一个配对编号相同的传送点。',
    'push.heavy.no-box': '({x},{y}) 处标了重箱子，但开局时那里没有箱子。',
    'sliding.unsolvable': '这个棋盘永远无法还原：逆序数为 {inversions}（宽度为偶数时还要算上空格所在的行），奇偶性与目标不符。交换任意两个方块（不是空格）即可使其可解。',
    'edit.param': '这个值不能用作该物件的参数。',
    'edit.not-paintable': '这种关卡的格子只能重新排列，不能绘制：请改为交换两个格子。',
    'edit.entry': '当前规则下不能放置这种物件。',
    'edit.outside': '这个格子在关卡之外：请先调整关卡大小。',
    'edit.too-small': '关卡不能再小了。',
    'edit.too-large': '关卡不能再大了。',
    'edit.empty': '关卡是空的：没有可以裁剪到的内容。',
    'edit.paste-unreadable': '没有粘贴：剪贴板里是“{text}”，不是 {format} 文本格式中的一段关卡（棋盘的行，包括墙）。',
    'edit.link-from': '联动要从带联动编号的机关（按钮、门、传送点）开始。',
    'edit.link-to': '联动要在带联动编号的机关（按钮、门、传送点）结束。',
    'sliding.generate.too-far': '没有离目标 {distance} 步的棋盘：最远只有 {max} 步。请选择不超过 {max} 的距离。',
    'sliding.generate.unreached': '在多次测量的随机游走中没有找到离目标 {distance} 步的棋盘：请选择更短的距离。',
    'sliding.generate.stopped': '生成在完成之前被停止了。',
    'sliding.generate.below-band': '最长距离 {max} 低于所选难度段的最短距离（{min}）：请调高它、同时填写最短距离，或选择更容易的难度。',
    'sliding.params.crossed': '不能大于最长距离。',
    'push.generate.par-window': '标准步数范围为空：最小值大于最大值，没有关卡能满足。',
    'push.generate.par-unreachable': '没有关卡能达到这个最小标准步数：拉动次数和地面格子限制了回程路径的长度。请提高拉动次数上限或降低最小标准步数。',
    'push.generate.too-many-boxes': '房间的地面格子太少，放不下这么多箱子、玩家和活动空间：请减少箱子或加大房间。',
    'push.generate.no-floor': '画的房间在墙内没有地面：请用墙围出一块地面。',
    'push.generate.room-disconnected': '画的房间的地面分成了几块，玩家无法到达全部：请打通各部分。',
    'push.generate.room': '画的房间有无法使用的内容（未知符号，或目标在墙外）：只用 # 墙、空格地面、. 目标。',
    'push.generate.pulls': '拉动次数范围不可用：最小值不能大于最大值，且至少要拉动一次。',
    'push.generate.boxes': '画的房间里的目标数决定了箱子数：请不要另设箱子数，或画一个没有目标的房间。',
    'push.generate.params': '生成参数无效。',
  },
};
