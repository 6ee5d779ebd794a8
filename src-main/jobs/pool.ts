/**
 * A pool of worker processes, one job at a time each, in two lanes. Interactive jobs (a hint, the
 * editor's live proof) take any idle worker before any batch job does; batch jobs use at most
 * `batchLimit` workers, so a pool sized one above it always has a worker free for interactive
 * work. When an interactive job would make more jobs run than the machine has cores
 * (`cpuBudget`), a batch job is paused at its next search poll and resumed when the interactive
 * work is done: a hint during Verify all answers as fast as without it.
 *
 * Cancelling a running job is cooperative: the worker's search sees the stop within one poll,
 * answers with what it had proved (`JobCancelledError.partial`) and stays warm for the next job.
 * A worker that does not answer within `cancelGraceMs` (a job that never polls) is killed and
 * replaced; so is one that dies mid-job (crash, kill -9, out of memory), which fails only that
 * job, with a readable reason. Nothing a worker does can throw into the main process: its
 * messages are validated like any other input.
 */
import { availableParallelism } from 'node:os';
import { describeExit, type WorkerAdapter, type WorkerExit, type WorkerHandle } from './adapter.ts';
import { JobCancelledError, JobFailedError, JobInputRefusedError, PoolClosedError, WorkerCrashError } from './errors.ts';
import { workerToMainSchema, type JobProgress, type Lane } from './protocol.ts';
import { jobType, laneOf, type JobPayload, type ResultOf } from './registry.ts';

export { JobCancelledError, JobFailedError, JobInputRefusedError, PoolClosedError, WorkerCrashError } from './errors.ts';

export interface WorkerPoolOptions {
  readonly adapter: WorkerAdapter;
  /** Number of worker processes (default: one per core but one, at least one). */
  readonly size?: number;
  /** The most workers running batch jobs at once (default: every worker). */
  readonly batchLimit?: number;
  /** The most jobs searching at once before batch jobs are paused for interactive ones (default: one per core). */
  readonly cpuBudget?: number;
  /** How long a cancelled job may take to stop before its worker is killed (default 2 s). */
  readonly cancelGraceMs?: number;
}

export interface RunOptions {
  /** Aborting cancels the job: it leaves the wait list, or its search is told to stop. */
  readonly signal?: AbortSignal;
  /** Progress reported by the worker (at most 10 a second). */
  readonly onProgress?: (progress: JobProgress) => void;
  /** Default: the job type's lane. */
  readonly lane?: Lane;
}

export type WorkerState = 'starting' | 'idle' | 'busy';

export interface WorkerInfo {
  readonly pid: number | undefined;
  readonly state: WorkerState;
  /** The lane of the job it runs. */
  readonly lane: Lane | null;
  /** Its batch job is held for interactive work. */
  readonly paused: boolean;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

interface Task {
  readonly id: number;
  readonly payload: JobPayload;
  readonly lane: Lane;
  readonly options: RunOptions;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  settled: boolean;
  /** Cancelled while running: its answer settles it as cancelled. */
  stopping: boolean;
  onAbort?: () => void;
}

interface Slot {
  readonly index: number;
  readonly handle: WorkerHandle;
  state: WorkerState | 'dead';
  task?: Task;
  /** When its task started (the latest batch job is the one paused). */
  startedAt: number;
  paused: boolean;
  graceTimer?: ReturnType<typeof setTimeout>;
  readonly exited: Promise<void>;
  /** Beyond the pool's size after a shrink: ends when idle and is not replaced. */
  retired?: boolean;
}

/** Consecutive workers dying before they are ready: after this many, waiting jobs fail. */
const MAX_START_FAILURES = 3;
const MAX_RESPAWN_DELAY_MS = 10_000;
const DEFAULT_CANCEL_GRACE_MS = 2000;

export class WorkerPool {
  private target: number;
  private readonly batchLimit: number | undefined;
  private readonly cpuBudget: number;
  private readonly cancelGraceMs: number;
  private readonly adapter: WorkerAdapter;
  private slots: Slot[] = [];
  private readonly waiting: Record<Lane, Task[]> = { interactive: [], batch: [] };
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private startFailures = 0;
  private nextTaskId = 1;
  private starts = 0;
  private closed = false;

  constructor(options: WorkerPoolOptions) {
    this.adapter = options.adapter;
    this.target = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.batchLimit = options.batchLimit === undefined ? undefined : Math.max(1, Math.floor(options.batchLimit));
    this.cpuBudget = Math.max(1, Math.floor(options.cpuBudget ?? availableParallelism()));
    this.cancelGraceMs = options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
    for (let i = 0; i < this.target; i++) this.slots.push(this.spawn(i));
  }

  /** Number of workers the pool keeps. */
  get size(): number {
    return this.target;
  }

  /** How many jobs of a lane can run at once (a queue hands the pool no more than this). */
  capacity(lane: Lane): number {
    return lane === 'batch' ? Math.min(this.target, this.batchLimit ?? this.target) : this.target;
  }

  /** Grow or shrink the pool. New workers start at once; surplus idle ones stop now and busy ones when their job ends. */
  setSize(size: number): void {
    if (this.closed) return;
    this.target = Math.max(1, Math.floor(size));
    const live = this.slots.filter((slot) => !slot.retired);
    for (let i = live.length; i < this.target; i++) this.slots.push(this.spawn(this.slots.length));
    let surplus = live.length - this.target;
    // Retire idle or starting workers first, busy ones last.
    const order = [...live].sort((a, b) => Number(a.task !== undefined) - Number(b.task !== undefined));
    for (const slot of order) {
      if (surplus <= 0) break;
      slot.retired = true;
      surplus--;
      if (!slot.task) {
        slot.state = 'dead';
        slot.handle.kill();
      }
    }
    this.dispatch();
  }

  /** Runs a payload on the next idle worker of its lane; rejects with one of the errors in errors.ts. */
  run<P extends JobPayload>(payload: P, options: RunOptions = {}): Promise<ResultOf<P['type']>> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new PoolClosedError());
      if (options.signal?.aborted) return reject(new JobCancelledError());
      let lane: Lane;
      try {
        lane = laneOf(payload, options.lane);
      } catch (error) {
        return reject(error as Error);
      }
      const task: Task = { id: this.nextTaskId++, payload, lane, options, resolve: resolve as (r: unknown) => void, reject, settled: false, stopping: false };
      if (options.signal) {
        task.onAbort = () => this.cancel(task);
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.waiting[lane].push(task);
      this.dispatch();
    });
  }

  workers(): readonly WorkerInfo[] {
    return this.slots.map((slot) => ({
      pid: slot.handle.pid,
      state: slot.state === 'dead' ? 'starting' : slot.state,
      lane: slot.task?.lane ?? null,
      paused: slot.paused,
    }));
  }

  /** Kills every worker; jobs waiting or running reject with PoolClosedError. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      for (const task of [...this.waiting.interactive.splice(0), ...this.waiting.batch.splice(0)]) this.settle(task, new PoolClosedError());
      for (const slot of this.slots) {
        if (slot.graceTimer) clearTimeout(slot.graceTimer);
        if (slot.task) this.settle(slot.task, new PoolClosedError());
        slot.handle.kill();
      }
    }
    await Promise.all(this.slots.map((slot) => slot.exited));
  }

  private spawn(index: number): Slot {
    let handle: WorkerHandle;
    try {
      handle = this.adapter.spawn();
    } catch (error) {
      handle = deadHandle({ code: null, signalOrReason: `could not start: ${(error as Error).message}` });
    }
    let exitedResolve!: () => void;
    const exited = new Promise<void>((r) => (exitedResolve = r));
    const slot: Slot = { index, handle, state: 'starting', startedAt: 0, paused: false, exited };
    handle.onMessage((message) => this.onMessage(slot, message));
    handle.onExit((code, signalOrReason) => {
      exitedResolve();
      this.onExit(slot, { code, signalOrReason });
    });
    return slot;
  }

  private onMessage(slot: Slot, raw: unknown): void {
    if (slot.state === 'dead') return;
    const parsed = workerToMainSchema.safeParse(raw);
    if (!parsed.success) return this.protocolError(slot, 'sent a malformed message');
    const message = parsed.data;
    if (message.type === 'ready') {
      if (slot.state !== 'starting') return;
      slot.state = 'idle';
      this.startFailures = 0;
      return this.dispatch();
    }
    const task = slot.task;
    if (!task || task.id !== message.jobId) return; // from a job already settled
    if (message.type === 'progress') {
      if (!task.settled) task.options.onProgress?.({ progress: message.progress, nodes: message.nodes, stored: message.stored });
      return;
    }
    this.release(slot);
    const checked = message.type === 'result' ? jobType(task.payload.type).result.safeParse(message.result) : undefined;
    if (task.stopping) {
      this.settle(task, new JobCancelledError(checked?.success ? checked.data : undefined));
    } else if (message.type === 'error') {
      this.settle(task, message.input ? new JobInputRefusedError(message.message) : new JobFailedError(message.message));
    } else if (checked?.success) {
      this.settle(task, undefined, checked.data);
    } else {
      this.settle(task, new JobFailedError(`The worker returned a malformed ${task.payload.type} result.`));
    }
    this.dispatch();
  }

  /** The slot's job is over: it is idle again (or ends, when retired). */
  private release(slot: Slot): void {
    if (slot.graceTimer) clearTimeout(slot.graceTimer);
    slot.graceTimer = undefined;
    slot.task = undefined;
    slot.paused = false;
    slot.state = slot.retired ? 'dead' : 'idle';
    if (slot.retired) slot.handle.kill();
  }

  private onExit(slot: Slot, exit: WorkerExit): void {
    const wasReady = slot.state !== 'starting'; // killed on purpose counts as ready
    if (slot.graceTimer) clearTimeout(slot.graceTimer);
    slot.state = 'dead';
    const task = slot.task;
    slot.task = undefined;
    slot.paused = false;
    const pid = slot.handle.pid === undefined ? '' : ` (pid ${slot.handle.pid})`;
    if (task) {
      this.settle(task, task.stopping ? new JobCancelledError() : new WorkerCrashError(`The worker process${pid} ${describeExit(exit)} while running this job.`, exit));
    }
    if (this.closed) return;
    if (slot.retired) {
      this.slots = this.slots.filter((s) => s !== slot);
      return this.dispatch();
    }
    if (!wasReady) this.startFailures++;
    if (this.startFailures >= MAX_START_FAILURES) {
      const error = new WorkerCrashError(`Workers fail to start: the last one ${describeExit(exit)}.`, exit);
      for (const waiting of [...this.waiting.interactive.splice(0), ...this.waiting.batch.splice(0)]) this.settle(waiting, error);
    }
    const respawn = (): void => {
      if (this.closed) return;
      const at = this.slots.indexOf(slot);
      if (at < 0) return;
      // Retired by a shrink while it waited to be replaced: the pool is smaller now.
      if (slot.retired) this.slots.splice(at, 1);
      else this.slots[at] = this.spawn(slot.index);
    };
    this.dispatch(); // a paused job may resume on the core this one freed
    if (this.startFailures === 0) return respawn();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      respawn();
    }, Math.min(MAX_RESPAWN_DELAY_MS, 250 * 2 ** (this.startFailures - 1)));
    timer.unref();
    this.timers.add(timer);
  }

  private protocolError(slot: Slot, what: string): void {
    const task = slot.task;
    slot.task = undefined;
    slot.state = 'dead'; // nothing more is sent to it; replaced when its exit is reported
    if (task) this.settle(task, new JobFailedError(`The worker ${what}; it was restarted.`));
    slot.handle.kill();
  }

  /** Starts waiting jobs on idle workers, interactive first, then balances the cores. */
  private dispatch(): void {
    for (const lane of ['interactive', 'batch'] as const) {
      const waiting = this.waiting[lane];
      while (waiting.length > 0) {
        if (lane === 'batch' && this.slots.filter((s) => s.task?.lane === 'batch').length >= this.capacity('batch')) break;
        // Interactive work takes the last idle worker, batch work the first: each lane mostly
        // keeps to the same workers, whose code and caches are warm for it.
        const idle = this.slots.filter((s) => s.state === 'idle' && !s.retired);
        const slot = lane === 'interactive' ? idle.at(-1) : idle[0];
        if (!slot) break;
        this.start(slot, waiting.shift()!);
      }
    }
    this.balance();
  }

  private start(slot: Slot, task: Task): void {
    slot.state = 'busy';
    slot.task = task;
    slot.startedAt = this.starts++;
    try {
      slot.handle.send({ type: 'run', jobId: task.id, payload: task.payload });
    } catch (error) {
      slot.task = undefined;
      slot.state = 'idle';
      this.settle(task, new JobFailedError(`The job could not be sent to a worker: ${(error as Error).message}`));
    }
  }

  /**
   * At most `cpuBudget` searches run while interactive work runs: the latest batch jobs are
   * paused for it, and resumed as soon as a core is free again.
   */
  private balance(): void {
    const running = this.slots.filter((s) => s.task && s.state !== 'dead');
    let active = running.filter((s) => !s.paused).length;
    const interactive = running.some((s) => s.task!.lane === 'interactive' && !s.paused);
    while (interactive && active > this.cpuBudget) {
      const victim = running.filter((s) => s.task!.lane === 'batch' && !s.paused && !s.task!.stopping).sort((a, b) => b.startedAt - a.startedAt)[0];
      if (!victim) break;
      victim.paused = true;
      victim.handle.send({ type: 'pause', jobId: victim.task!.id });
      active--;
    }
    while (active < this.cpuBudget) {
      const paused = running.filter((s) => s.paused).sort((a, b) => a.startedAt - b.startedAt)[0];
      if (!paused) break;
      paused.paused = false;
      paused.handle.send({ type: 'resume', jobId: paused.task!.id });
      active++;
    }
  }

  private cancel(task: Task): void {
    if (task.settled) return;
    const waiting = this.waiting[task.lane];
    const at = waiting.indexOf(task);
    if (at >= 0) {
      waiting.splice(at, 1);
      return this.settle(task, new JobCancelledError());
    }
    const slot = this.slots.find((s) => s.task === task);
    if (!slot) return this.settle(task, new JobCancelledError());
    if (task.stopping) return;
    task.stopping = true;
    slot.handle.send({ type: 'cancel', jobId: task.id });
    // A job that never polls (or a wedged worker) does not answer: end the process.
    slot.graceTimer = setTimeout(() => {
      if (slot.task === task) slot.handle.kill();
    }, this.cancelGraceMs);
    slot.graceTimer.unref();
  }

  private settle(task: Task, error: Error | undefined, result?: unknown): void {
    if (task.settled) return;
    task.settled = true;
    if (task.onAbort) task.options.signal?.removeEventListener('abort', task.onAbort);
    if (error) task.reject(error);
    else task.resolve(result);
  }
}

/** Stands in for a worker the adapter could not start: it reports its exit right away. */
function deadHandle(exit: WorkerExit): WorkerHandle {
  return {
    pid: undefined,
    send() {},
    onMessage() {},
    onExit(listener) {
      queueMicrotask(() => listener(exit.code, exit.signalOrReason));
    },
    kill() {},
  };
}
