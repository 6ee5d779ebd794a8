/**
 * Workers as Electron utility processes: the same message protocol as the Node adapter
 * (child_process.fork), so the pool is one implementation for both hosts.
 */
import { utilityProcess } from 'electron';
import type { WorkerAdapter, WorkerExitListener, WorkerHandle } from '../jobs/adapter.ts';
import { WORKER_HEAP_ENV, WORKER_HEAP_MB } from '../jobs/memory.ts';

export function utilityProcessAdapter(entry: string, env: Readonly<Record<string, string>> = {}): WorkerAdapter {
  return {
    spawn(): WorkerHandle {
      const child = utilityProcess.fork(entry, [], {
        serviceName: 'Gridwright worker',
        stdio: 'inherit',
        env: { ...process.env, ...env, [WORKER_HEAP_ENV]: String(WORKER_HEAP_MB) },
        // The heap cap every worker runs with (memory.ts): searches cap their tables under it.
        execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`],
      });
      const exitListeners: WorkerExitListener[] = [];
      let fatal: string | null = null;
      // A fatal V8 error in the worker ('error' with its type): without a listener it would be an
      // uncaught exception in the main process. Its exit follows and carries the reason.
      child.on('error', (type: string) => {
        fatal = type;
      });
      child.on('exit', (code) => {
        for (const listener of exitListeners) listener(code, fatal);
      });
      return {
        get pid() {
          return child.pid;
        },
        send(message) {
          try {
            child.postMessage(message);
          } catch {
            // The worker is gone; its exit is reported through onExit.
          }
        },
        onMessage(listener) {
          child.on('message', (message: unknown) => listener(message));
        },
        onExit(listener) {
          exitListeners.push(listener);
        },
        kill() {
          child.kill();
        },
      };
    },
  };
}
