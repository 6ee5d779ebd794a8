/**
 * Messages about how a search ended (the push-solver area): why it stopped, with the proof.
 * Both languages side by side; filed under `solver.` by en.ts and zh-CN.ts.
 */
export const solverEn = {
  stoppedBy: {
    budget: 'Stopped at the state budget:',
    time: 'Stopped at the time limit:',
    memory: 'Stopped at the memory cap:',
    cancelled: 'Cancelled:',
    stopped: 'Stopped early:',
  },
};

export const solverZhCN: typeof solverEn = {
  stoppedBy: {
    budget: '在状态预算处停止：',
    time: '在时间限制处停止：',
    memory: '在内存上限处停止：',
    cancelled: '已取消：',
    stopped: '提前停止：',
  },
};
