/**
 * The worker thread behind `ImportThread`: it runs imports (`importCollection`) one at a time on
 * its own connection to the library, so that reading, checking and writing a large file never
 * holds the host's thread, where other clients' requests and the job queue run (issue 14 §4).
 * Posts each import's progress (at most every PROGRESS_EVERY_MS) and then its answer or refusal.
 * Parts of an upload (threaded-import.ts) wait here until their import joins them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './db.ts';
import { LibraryInputError } from './errors.ts';
import { importCollection } from './import.ts';
import type { ImportThreadMessage, ImportThreadRequest } from './threaded-import.ts';

const PROGRESS_EVERY_MS = 100;

const { path } = workerData as { path: string };
const { db } = openDatabase(path);
const post = (message: ImportThreadMessage): void => parentPort!.postMessage(message);

/** The parts received of each open upload, in order. */
const uploads = new Map<string, string[]>();

parentPort!.on('message', (message: ImportThreadRequest) => {
  if (message.type === 'part') {
    const parts = uploads.get(message.upload) ?? [];
    parts.push(message.text);
    uploads.set(message.upload, parts);
    return;
  }
  if (message.type === 'forget') {
    uploads.delete(message.upload);
    return;
  }
  const { id, request } = message;
  let last = 0;
  try {
    const text = request.upload === undefined ? request.text : (uploads.get(request.upload) ?? []).join('');
    if (request.upload !== undefined) uploads.delete(request.upload);
    const result = importCollection(db, { ...request, text }, (phase, done, total) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && done !== 0) return;
      last = now;
      post({ id, type: 'progress', phase, done, total });
    });
    post({ id, type: 'done', result });
  } catch (error) {
    post({ id, type: 'failed', input: error instanceof LibraryInputError, message: (error as Error).message });
  }
});
parentPort!.once('close', () => db.close());
