/**
 * Why a hint search stopped before it found a move (the hint job's `stoppedBy`, as every search
 * result says it), other than its state budget, which `hint.budget` words. Filed under `hintStops.`
 * by en.ts and zh-CN.ts.
 */
export const hintStopsEn = {
  time: 'The hint search reached its time limit before it found a move from this position.',
  memory: 'The hint search reached its memory cap before it found a move from this position.',
  cancelled: 'The hint search was cancelled before it found a move.',
  stopped: 'The hint search was stopped before it found a move.',
};

export const hintStopsZhCN: typeof hintStopsEn = {
  time: '提示搜索在找到这一步之前达到了时间限制。',
  memory: '提示搜索在找到这一步之前达到了内存上限。',
  cancelled: '提示搜索在找到这一步之前被取消了。',
  stopped: '提示搜索在找到这一步之前被停止了。',
};
