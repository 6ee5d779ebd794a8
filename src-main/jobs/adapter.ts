/**
 * How the pool starts a worker process, whatever the host: `child_process.fork` (node-adapter.ts:
 * browser host, CLI, tests) or Electron's `utilityProcess.fork` (src-main/electron). Both run
 * `src-main/worker/entry.ts` and carry the same messages (protocol.ts) by structured clone.
 *
 * Contract for an adapter:
 * - `spawn()` starts one worker and returns at once (no waiting for it to boot). The worker sends
 *   `{type: 'ready'}` when it listens; the pool sends nothing before that.
 * - `send(message)` delivers one message to the worker (`child.send` / `child.postMessage`). It
 *   must not throw when the worker has already died: drop the message (its exit is reported).
 * - `onMessage(listener)`: every message from the worker, unvalidated (the pool validates); for
 *   Electron this is `child.on('message', (m) => listener(m))`.
 * - `onExit(listener)`: `listener(code, signalOrReason)` exactly once, when the process is gone
 *   for any reason: normal exit, crash, signal, out of memory, `kill()`, failure to start. `code` is
 *   the exit code when known (else null). `signalOrReason` is the signal name when a signal ended
 *   it (`'SIGKILL'`), or else null or a few words the host knows beyond the code (Electron's
 *   `child-process-gone` reason such as `oom`, a spawn error); it ends up in the job's error as
 *   "exited with code 3 (oom)". After it, the handle is dead.
 * - `kill()` ends the process now (SIGKILL where possible: the pool kills only a worker that did
 *   not stop when asked) and is harmless on a dead worker. `onExit` still follows.
 * - `pid` is the OS process id once known (undefined before the process exists).
 */
import { EXIT_OUT_OF_MEMORY, type MainToWorker } from './protocol.ts';

/** How a worker ended, as an adapter reports it. */
export interface WorkerExit {
  readonly code: number | null;
  /** A signal name (`SIGKILL`), or what else the host knows, or null. */
  readonly signalOrReason: string | null;
}

export type WorkerExitListener = (code: number | null, signalOrReason: string | null) => void;

export interface WorkerHandle {
  readonly pid: number | undefined;
  send(message: MainToWorker): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: WorkerExitListener): void;
  kill(): void;
}

export interface WorkerAdapter {
  spawn(): WorkerHandle;
}

const SIGNAL = /^SIG[A-Z0-9]+$/;

/** A worker's end as words: "was killed by SIGKILL", "exited with code 3", "ran out of memory". */
export function describeExit({ code, signalOrReason }: WorkerExit): string {
  if (signalOrReason && SIGNAL.test(signalOrReason)) return `was killed by ${signalOrReason}`;
  if (code === null) return signalOrReason ?? 'stopped';
  if (code === EXIT_OUT_OF_MEMORY && !signalOrReason) return `ran out of memory (exit code ${code})`;
  return signalOrReason ? `exited with code ${code} (${signalOrReason})` : `exited with code ${code}`;
}
