/**
 * Messages of background jobs: the jobs view and the status strip.
 * Both languages side by side; en.ts and zh-CN.ts assemble the areas.
 */
export const jobsEn = {
  jobs: {
    finishedSingle: 'No finished single job | 1 finished single job (live proofs, hints) | {n} finished single jobs (live proofs, hints)',
    single: 'Single jobs',
    finishedBatches: 'No finished batches | 1 finished batch | {n} finished batches',
    outcome: {
      solved: 'par {n} | par {n} | par {n}',
      bound: 'par ≤ {n} | par ≤ {n} | par ≤ {n}',
      unsolvable: 'unsolvable',
      budget: 'budget exceeded',
      invalid: 'invalid',
      generated: 'no levels | 1 level | {n} levels',
    },
    duration: {
      seconds: '{n} s',
      minutes: '{m} min {s} s',
      hours: '{h} h {m} min',
    },
    emptyTitle: 'No jobs yet',
    emptyHint: 'Open a campaign in the Library and choose Verify all ({keys}). Its progress shows here and in the bottom strip.',
    state: {
      queued: 'queued',
      running: 'running',
      done: 'done',
      failed: 'failed',
      cancelled: 'cancelled',
    },
    batchState: {
      running: 'running',
      done: 'finished',
      cancelled: 'cancelled',
    },
    counts: '{done} of {total} done',
    failed: '{n} failed',
    cancelledCount: '{n} cancelled',
    attempts: 'no attempts | 1 attempt | {n} attempts',
    jobProgress: 'Progress of {label}',
    batchProgress: 'Progress of {label}',
    cancel: 'Cancel',
    cancelBatch: 'Cancel batch',
    collapse: 'Hide jobs',
    expand: 'Show jobs',
    errors: {
      list: 'Could not read the jobs',
      cancel: 'Could not cancel',
    },
  },
  strip: {
    working: 'Working…',
    progressLabel: 'Progress of all running jobs',
    count: '{done} / {total}',
    cancel: 'Cancel',
    idle: 'No jobs running',
    runningJobs: 'Jobs running for more than a second',
    cancelJob: 'Cancel {label}',
  },
};

export const jobsZhCN: typeof jobsEn = {
  jobs: {
    finishedSingle: '没有已结束的单项任务 | 1 个已结束的单项任务（实时证明、提示） | {n} 个已结束的单项任务（实时证明、提示）',
    single: '单个任务',
    finishedBatches: '没有已完成的批次 | 1 个已完成的批次 | {n} 个已完成的批次',
    outcome: {
      solved: '最优 {n} 步 | 最优 {n} 步 | 最优 {n} 步',
      bound: '最多 {n} 步 | 最多 {n} 步 | 最多 {n} 步',
      unsolvable: '无解',
      budget: '超出预算',
      invalid: '无效',
      generated: '没有关卡 | 1 个关卡 | {n} 个关卡',
    },
    duration: {
      seconds: '{n} 秒',
      minutes: '{m} 分 {s} 秒',
      hours: '{h} 小时 {m} 分',
    },
    emptyTitle: '还没有任务',
    emptyHint: '在关卡库中打开一个关卡集并选择“全部验证”（{keys}）。进度会显示在这里和底部状态条中。',
    state: {
      queued: '排队中',
      running: '运行中',
      done: '已完成',
      failed: '失败',
      cancelled: '已取消',
    },
    batchState: {
      running: '运行中',
      done: '已完成',
      cancelled: '已取消',
    },
    counts: '已完成 {done} / {total}',
    failed: '{n} 个失败',
    cancelledCount: '{n} 个已取消',
    attempts: '未尝试 | 尝试 1 次 | 尝试 {n} 次',
    jobProgress: '{label} 的进度',
    batchProgress: '{label} 的进度',
    cancel: '取消',
    cancelBatch: '取消整批',
    collapse: '收起任务',
    expand: '展开任务',
    errors: {
      list: '无法读取任务',
      cancel: '无法取消',
    },
  },
  strip: {
    working: '工作中…',
    progressLabel: '所有运行中任务的进度',
    count: '{done} / {total}',
    cancel: '取消',
    idle: '没有运行中的任务',
    runningJobs: '运行超过一秒的任务',
    cancelJob: '取消 {label}',
  },
};
