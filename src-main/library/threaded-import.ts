/**
 * `importCollection` on a worker thread (import-thread.ts) with its own connection to the library:
 * the caller's thread only hands over the text and receives the answer, so a host stays free for
 * its other clients while a file of thousands of levels is read, checked and written. The thread
 * starts with the first import and stays (loading the kinds takes seconds from source); imports
 * run one at a time (each writes in short transactions, import-write.ts; two at once would only
 * interleave their chunks).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LibraryInputError } from './errors.ts';
import type { ImportPhase, ImportProgress, ImportRequest, ImportResult } from './import.ts';

export interface ImportThreadRequest {
  readonly id: number;
  readonly request: ImportRequest;
}

export type ImportThreadMessage = { readonly id: number } & (
  | { readonly type: 'progress'; readonly phase: ImportPhase; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly result: ImportResult }
  | { readonly type: 'failed'; readonly input: boolean; readonly message: string }
);

/**
 * The thread's script: from source the .ts beside this module; built (electron-vite), import-thread.js
 * in out/main, beside the bundle or one folder up from a shared chunk.
 */
function threadEntry(): URL {
  const candidates = import.meta.url.endsWith('.ts') ? ['./import-thread.ts'] : ['./import-thread.js', '../import-thread.js'];
  const found = candidates.map((c) => new URL(c, import.meta.url)).find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`The import thread's script is missing (looked for ${candidates.join(', ')} beside ${import.meta.url}).`);
  return found;
}

interface Running {
  readonly id: number;
  readonly resolve: (result: ImportResult) => void;
  readonly reject: (error: Error) => void;
  readonly onProgress?: ImportProgress;
}

export class ImportThread {
  private worker: Worker | undefined;
  private running: Running | undefined;
  private nextId = 1;
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly libraryPath: string;

  constructor(libraryPath: string) {
    this.libraryPath = libraryPath;
  }

  /** Import after any import already running; rejects with LibraryInputError where importCollection throws one. */
  import(request: ImportRequest, onProgress?: ImportProgress): Promise<ImportResult> {
    const run = (): Promise<ImportResult> =>
      new Promise<ImportResult>((resolve, reject) => {
        if (this.closed) return reject(new Error('The studio is closing: the import was not started.'));
        const id = this.nextId++;
        this.running = { id, resolve, reject, onProgress };
        this.thread().postMessage({ id, request } satisfies ImportThreadRequest);
      });
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadEntry(), { workerData: { path: this.libraryPath } });
    worker.on('message', (message: ImportThreadMessage) => this.receive(message));
    // A thread that dies fails the import it ran; the next import starts a new one.
    const lost = (why: string): void => {
      if (this.worker === worker) this.worker = undefined;
      const running = this.running;
      this.running = undefined;
      running?.reject(new Error(why));
    };
    worker.on('error', (error) => lost(`The import thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`The import thread stopped (exit ${code}) before it answered.`));
    this.worker = worker;
    return worker;
  }

  private receive(message: ImportThreadMessage): void {
    const running = this.running;
    if (!running || running.id !== message.id) return;
    if (message.type === 'progress') return running.onProgress?.(message.phase, message.done, message.total);
    this.running = undefined;
    if (message.type === 'done') running.resolve(message.result);
    else running.reject(message.input ? new LibraryInputError(message.message) : new Error(message.message));
  }
}
