/**
 * Monaco for the rule inspector, offline: the editor core with its contributions (hover,
 * completion, markers, find, folding, the diff editor) and the JSON language, its two workers
 * bundled by Vite (`?worker`: same-origin files, which the CSP's
 * `worker-src 'self'` allows; no CDN, no blob: or eval). Loaded only when the Rules view first
 * shows an editor, so the rest of the studio never pays for it.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// The JSON language's worker manager imports every editor contribution (internal/common/workers).
// Imported here, they are evaluated before the first editor is made, as their services must be;
// left to the language's lazy chunk, some find their services missing.
import 'monaco-editor/internal/common/workers';
// The icon font's stylesheet, through the package's exports map (which names .js files only).
import 'monaco-editor/features/codicon/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { kindJsonSchemas } from '../../../../src-shared/engine/text/json-schemas.ts';
import { allKinds } from '../../../../src-shared/rulesets/registry.ts';

(globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/** The model URI of a kind's config in the inspector: what its JSON Schema is matched to. */
export const configModelUri = (kind: string): monaco.Uri => monaco.Uri.parse(`inmemory://gridwright/rules/${encodeURIComponent(kind)}.config.json`);

// Every kind's config schema, from the zod schema the engine binds with; errors, not warnings
// (STACK.md), and no schema is ever fetched.
jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: 'error',
  comments: 'error',
  schemaValidation: 'error',
  schemaRequest: 'ignore',
  enableSchemaRequest: false,
  schemas: allKinds().map((kind) => ({
    uri: `inmemory://gridwright/schemas/${encodeURIComponent(kind.kind)}.config.schema.json`,
    fileMatch: [configModelUri(kind.kind).toString()],
    schema: kindJsonSchemas(kind).config,
  })),
});

export { monaco };
