/**
 * Workers as Node child processes (`child_process.fork`): the browser host, the CLI and the tests.
 * Node runs `entry.ts` directly (type stripping). `execArgv` starts empty so that loaders of the
 * parent (vitest's, a debugger's) do not leak into workers; messages use the structured-clone
 * ("advanced") serialization, as Electron's utility processes do.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WORKER_HEAP_ENV, WORKER_HEAP_MB } from './memory.ts';
import type { WorkerAdapter, WorkerExit, WorkerExitListener, WorkerHandle } from './adapter.ts';

export const WORKER_ENTRY = fileURLToPath(new URL('../worker/entry.ts', import.meta.url));

export interface NodeWorkerOptions {
  /** The script to run (default: src-main/worker/entry.ts). */
  readonly entry?: string;
  /** V8 heap limit of each worker, in MB (`--max-old-space-size`; default WORKER_HEAP_MB, memory.ts). */
  readonly maxOldSpaceMB?: number;
  /** Added to the parent's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Copy the workers' stderr to this process's stderr (default true); it is captured either way. */
  readonly forwardStderr?: boolean;
}

const STDERR_TAIL_CHARS = 4096;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

export function nodeWorkerAdapter(options: NodeWorkerOptions = {}): WorkerAdapter {
  const heapMB = options.maxOldSpaceMB ?? WORKER_HEAP_MB;
  const execArgv = [`--max-old-space-size=${heapMB}`];
  const env = { ...process.env, ...options.env, [WORKER_HEAP_ENV]: String(heapMB) };
  const forwardStderr = options.forwardStderr ?? true;
  return {
    spawn(): WorkerHandle {
      const child = fork(options.entry ?? WORKER_ENTRY, [], {
        execArgv,
        env,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      });
      let stderrTail = '';
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
        if (forwardStderr) process.stderr.write(chunk);
      });
      const exitListeners: WorkerExitListener[] = [];
      let exited: WorkerExit | undefined;
      const report = (exit: WorkerExit): void => {
        if (exited) return;
        exited = exit;
        for (const listener of exitListeners) listener(exit.code, exit.signalOrReason);
      };
      // 'close' comes after 'exit' once stderr is drained, so an out-of-memory message is in the tail.
      child.on('close', (code, signal) => {
        const outOfMemory = OUT_OF_MEMORY.test(stderrTail);
        report({ code, signalOrReason: outOfMemory ? `ran out of memory${signal ? ` (${signal})` : ''}` : signal });
      });
      child.on('error', (error) => {
        if (child.pid === undefined) report({ code: null, signalOrReason: `could not start: ${error.message}` });
      });
      return {
        get pid() {
          return child.pid;
        },
        send(message) {
          if (!child.connected) return;
          child.send(message, (error) => {
            if (error) child.kill('SIGKILL'); // a worker that cannot be talked to is useless
          });
        },
        onMessage(listener) {
          child.on('message', listener);
        },
        onExit(listener) {
          if (exited) listener(exited.code, exited.signalOrReason);
          else exitListeners.push(listener);
        },
        kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        },
      };
    },
  };
}
