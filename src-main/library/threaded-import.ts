/**
 * `importCollection` on a worker thread (import-thread.ts) with its own connection to the library:
 * the caller's thread only hands over the text and receives the answer, so a host stays free for
 * its other clients while a file of thousands of levels is read, checked and written. The thread
 * starts with the first import or part and stays (loading the kinds takes seconds from source);
 * imports run one at a time (each writes in short transactions, import-write.ts; two at once would
 * only interleave their chunks).
 *
 * A large file comes in parts (`appendPart`, the API's `library.importPart`): each part goes on to
 * the thread as it arrives and waits there, so the caller's thread never holds or parses the whole
 * text. This side keeps only each upload's length and when it was last used: at most MAX_UPLOADS
 * are open (a new one forgets the least recently used) and one unused for UPLOAD_IDLE_MS is forgotten.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LibraryInputError } from './errors.ts';
import type { ImportPhase, ImportProgress, ImportRequest, ImportResult } from './import.ts';

/** Uploads open at once; opening another forgets the one least recently added to. */
export const MAX_UPLOADS = 4;
/** An upload nobody added to or imported for this long is forgotten. */
export const UPLOAD_IDLE_MS = 10 * 60 * 1000;

/** An import of `text`, or of the parts sent to `upload`. */
export type ThreadImportRequest = Omit<ImportRequest, 'text'> & ({ readonly text: string; readonly upload?: undefined } | { readonly upload: string; readonly text?: undefined });

export type ImportThreadRequest =
  | { readonly type: 'import'; readonly id: number; readonly request: ThreadImportRequest }
  | { readonly type: 'part'; readonly upload: string; readonly text: string }
  | { readonly type: 'forget'; readonly upload: string };

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
  private readonly maxChars: number;
  private readonly now: () => number;
  /** Open uploads: characters received and when last used. */
  private readonly uploads = new Map<string, { chars: number; used: number }>();

  constructor(libraryPath: string, options: { readonly maxChars: number; readonly now?: () => number }) {
    this.libraryPath = libraryPath;
    this.maxChars = options.maxChars;
    this.now = options.now ?? Date.now;
  }

  /**
   * Adds a part to `upload` (a new upload without one) at `offset`, the characters it holds so far;
   * returns the upload and its length. Throws LibraryInputError for an unknown or forgotten upload,
   * a part out of order, or an upload past `maxChars` (which is then forgotten).
   */
  appendPart(upload: string | undefined, offset: number, text: string): { upload: string; chars: number } {
    this.forgetIdle();
    if (this.closed) throw new Error('The studio is closing: the part was not taken.');
    let id = upload;
    let open = id === undefined ? undefined : this.uploads.get(id);
    if (id !== undefined && !open) throw new LibraryInputError(`No upload ${id} is open (forgotten after ${UPLOAD_IDLE_MS / 60000} minutes unused, or imported already): send the file again from its first part.`);
    if (!open) {
      if (offset !== 0) throw new LibraryInputError(`A new upload starts at offset 0, not ${offset}.`);
      while (this.uploads.size >= MAX_UPLOADS) this.forget([...this.uploads].sort((a, b) => a[1].used - b[1].used)[0][0]);
      id = randomUUID();
      open = { chars: 0, used: this.now() };
      this.uploads.set(id, open);
    }
    if (offset !== open.chars) throw new LibraryInputError(`Upload ${id} holds ${open.chars} characters, so its next part starts there, not at ${offset}: a part was lost or sent twice.`);
    if (open.chars + text.length > this.maxChars) {
      this.forget(id!);
      throw new LibraryInputError(`The file is over ${this.maxChars} characters, more than one import takes: split it and import the parts.`);
    }
    open.chars += text.length;
    open.used = this.now();
    this.thread().postMessage({ type: 'part', upload: id!, text } satisfies ImportThreadRequest);
    return { upload: id!, chars: open.chars };
  }

  /** Import after any import already running; rejects with LibraryInputError where importCollection throws one, or for an unknown upload. */
  import(request: ThreadImportRequest, onProgress?: ImportProgress): Promise<ImportResult> {
    this.forgetIdle();
    if (request.upload !== undefined) {
      if (!this.uploads.has(request.upload)) return Promise.reject(new LibraryInputError(`No upload ${request.upload} is open (forgotten after ${UPLOAD_IDLE_MS / 60000} minutes unused, or imported already): send the file again.`));
      // Taken by this import: the thread reads its parts once and lets them go.
      this.uploads.delete(request.upload);
    }
    const run = (): Promise<ImportResult> =>
      new Promise<ImportResult>((resolve, reject) => {
        if (this.closed) return reject(new Error('The studio is closing: the import was not started.'));
        const id = this.nextId++;
        this.running = { id, resolve, reject, onProgress };
        this.thread().postMessage({ type: 'import', id, request } satisfies ImportThreadRequest);
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

  private forget(upload: string): void {
    this.uploads.delete(upload);
    this.worker?.postMessage({ type: 'forget', upload } satisfies ImportThreadRequest);
  }

  private forgetIdle(): void {
    const now = this.now();
    for (const [id, open] of this.uploads) if (now - open.used > UPLOAD_IDLE_MS) this.forget(id);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadEntry(), { workerData: { path: this.libraryPath } });
    worker.on('message', (message: ImportThreadMessage) => this.receive(message));
    // A thread that dies fails the import it ran; the next import starts a new one.
    const lost = (why: string): void => {
      if (this.worker === worker) this.worker = undefined;
      this.uploads.clear(); // their parts were the thread's
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
