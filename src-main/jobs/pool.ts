/**
 * A pool of worker processes, one job at a time each. A job waits in a FIFO for an idle worker.
 * Cancelling a running job kills its worker (a search blocks the worker's event loop, so a
 * message would not be read) and a fresh one takes its place; a worker that dies mid-job (crash,
 * kill -9, out of memory) fails that job with a readable reason and is replaced. Nothing a worker
 * does can throw into the main process: its messages are validated like any other input.
 */
import { availableParallelism } from 'node:os';
import { describeExit, type WorkerAdapter, type WorkerExit, type WorkerHandle } from './adapter.ts';
import { JOB_RESULT_SCHEMAS, workerToMainSchema, type JobPayload, type JobProgress, type ResultOf } from './protocol.ts';

export class JobCancelledError extends Error {
  override readonly name = 'JobCancelledError';
  constructor() {
    super('The job was cancelled.');
  }
}

/** The worker died while running the job. */
export class WorkerCrashError extends Error {
  override readonly name = 'WorkerCrashError';
  readonly exit: WorkerExit;
  constructor(message: string, exit: WorkerExit) {
    super(message);
    this.exit = exit;
  }
}

/** The worker ran the job and reported an error (bad input, an exception in the solver, ...). */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
}

export class PoolClosedError extends Error {
  override readonly name = 'PoolClosedError';
  constructor() {
    super('The worker pool is closed.');
  }
}

export interface WorkerPoolOptions {
  readonly adapter: WorkerAdapter;
  /** Number of workers (default: one per core but one, at least one). */
  readonly size?: number;
}

export interface RunOptions {
  /** Aborting cancels the job: it leaves the wait list, or its worker is killed and replaced. */
  readonly signal?: AbortSignal;
  /** Progress reported by the worker (at most 10 a second). */
  readonly onProgress?: (progress: JobProgress) => void;
  /** Jump the wait list (an interactive hint before a batch's next level). */
  readonly urgent?: boolean;
}

export type WorkerState = 'starting' | 'idle' | 'busy';

export interface WorkerInfo {
  readonly pid: number | undefined;
  readonly state: WorkerState;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

interface Task {
  readonly id: number;
  readonly payload: JobPayload;
  readonly options: RunOptions;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  settled: boolean;
  onAbort?: () => void;
}

interface Slot {
  readonly index: number;
  readonly handle: WorkerHandle;
  state: WorkerState | 'dead';
  task?: Task;
  readonly exited: Promise<void>;
  /** Beyond the pool's size after a shrink: ends when idle and is not replaced. */
  retired?: boolean;
}

/** Consecutive workers dying before they are ready: after this many, waiting jobs fail. */
const MAX_START_FAILURES = 3;
const MAX_RESPAWN_DELAY_MS = 10_000;

export class WorkerPool {
  private target: number;
  private readonly adapter: WorkerAdapter;
  private slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private startFailures = 0;
  private nextTaskId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions) {
    this.adapter = options.adapter;
    this.target = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    for (let i = 0; i < this.target; i++) this.slots.push(this.spawn(i));
  }

  /** Number of workers the pool keeps (a queue runs this many jobs at once). */
  get size(): number {
    return this.target;
  }

  /**
   * Grow or shrink the pool (all cores while a designer's batch runs, one fewer otherwise). New
   * workers start at once; surplus idle ones stop now and busy ones when their job ends.
   */
  setSize(size: number): void {
    if (this.closed) return;
    this.target = Math.max(1, Math.floor(size));
    const live = this.slots.filter((slot) => !slot.retired);
    for (let i = live.length; i < this.target; i++) this.slots.push(this.spawn(this.slots.length));
    let surplus = live.length - this.target;
    // Retire idle or starting workers first, busy ones last.
    const order = [...live].sort((a, b) => Number(a.state === 'busy') - Number(b.state === 'busy'));
    for (const slot of order) {
      if (surplus <= 0) break;
      slot.retired = true;
      surplus--;
      if (slot.state !== 'busy') {
        slot.state = 'dead';
        slot.handle.kill();
      }
    }
    this.dispatch();
  }

  /** Runs a payload on the next idle worker; rejects with one of the errors above. */
  run<P extends JobPayload>(payload: P, options: RunOptions = {}): Promise<ResultOf<P['type']>> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new PoolClosedError());
      if (options.signal?.aborted) return reject(new JobCancelledError());
      const task: Task = { id: this.nextTaskId++, payload, options, resolve: resolve as (r: unknown) => void, reject, settled: false };
      if (options.signal) {
        task.onAbort = () => this.cancel(task);
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      if (options.urgent) this.waiting.unshift(task);
      else this.waiting.push(task);
      this.dispatch();
    });
  }

  workers(): readonly WorkerInfo[] {
    return this.slots.map((slot) => ({ pid: slot.handle.pid, state: slot.state === 'dead' ? 'starting' : slot.state }));
  }

  /** Kills every worker; jobs waiting or running reject with PoolClosedError. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      for (const task of this.waiting.splice(0)) this.settle(task, new PoolClosedError());
      for (const slot of this.slots) {
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
    const slot: Slot = { index, handle, state: 'starting', exited };
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
    if (!task || task.id !== message.jobId) return; // from a job already cancelled
    if (message.type === 'progress') {
      if (!task.settled) task.options.onProgress?.({ progress: message.progress, nodes: message.nodes, stored: message.stored });
      return;
    }
    slot.task = undefined;
    slot.state = slot.retired ? 'dead' : 'idle';
    if (slot.retired) slot.handle.kill();
    if (message.type === 'error') {
      this.settle(task, new JobFailedError(message.message));
    } else {
      const checked = JOB_RESULT_SCHEMAS[task.payload.type].safeParse(message.result);
      if (checked.success) this.settle(task, undefined, checked.data);
      else this.settle(task, new JobFailedError(`The worker returned a malformed ${task.payload.type} result.`));
    }
    this.dispatch();
  }

  private onExit(slot: Slot, exit: WorkerExit): void {
    const wasReady = slot.state !== 'starting'; // killed on purpose counts as ready
    slot.state = 'dead';
    const task = slot.task;
    slot.task = undefined;
    const pid = slot.handle.pid === undefined ? '' : ` (pid ${slot.handle.pid})`;
    if (task) this.settle(task, new WorkerCrashError(`The worker process${pid} ${describeExit(exit)} while running this job.`, exit));
    if (this.closed) return;
    if (slot.retired) {
      this.slots = this.slots.filter((s) => s !== slot);
      return;
    }
    if (!wasReady) this.startFailures++;
    if (this.startFailures >= MAX_START_FAILURES) {
      const error = new WorkerCrashError(`Workers fail to start: the last one ${describeExit(exit)}.`, exit);
      for (const waiting of this.waiting.splice(0)) this.settle(waiting, error);
    }
    const respawn = (): void => {
      if (this.closed) return;
      const at = this.slots.indexOf(slot);
      if (at < 0) return;
      // Retired by a shrink while it waited to be replaced: the pool is smaller now.
      if (slot.retired) this.slots.splice(at, 1);
      else this.slots[at] = this.spawn(slot.index);
    };
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

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return;
      if (slot.state !== 'idle' || slot.retired) continue;
      const task = this.waiting.shift()!;
      slot.state = 'busy';
      slot.task = task;
      try {
        slot.handle.send({ type: 'run', jobId: task.id, payload: task.payload });
      } catch (error) {
        slot.task = undefined;
        slot.state = 'idle';
        this.settle(task, new JobFailedError(`The job could not be sent to a worker: ${(error as Error).message}`));
      }
    }
  }

  private cancel(task: Task): void {
    if (task.settled) return;
    const waitingAt = this.waiting.indexOf(task);
    if (waitingAt >= 0) this.waiting.splice(waitingAt, 1);
    this.settle(task, new JobCancelledError());
    const slot = this.slots.find((s) => s.task === task);
    if (slot) {
      slot.state = 'dead'; // a result already on its way is ignored; replaced when its exit is reported
      slot.handle.kill();
    }
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
