/**
 * The `import` bench's importing client, on a worker thread (import-client.ts says why): it makes
 * the file, sends it as the studio does (importInParts) and posts the answer and its progress events.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { importInParts } from '../support/import-parts.ts';
import { collection, connect, type CollectionShape } from './import-client.ts';

export interface SenderData {
  readonly url: string;
  readonly label: string;
  readonly shape: CollectionShape;
}

const { url, label, shape } = workerData as SenderData;
const text = collection(shape);
const importer = await connect(url);
parentPort!.postMessage({ type: 'ready', chars: text.length });
await new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));
const result = await importInParts(importer.request, { fileName: `${label}.xsb`, text, duplicates: 'import' });
const progress = importer.events.filter((e) => e.event === 'library.importProgress').length;
importer.ws.close();
parentPort!.postMessage({ type: 'done', result, progress });
