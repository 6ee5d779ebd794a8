/**
 * What "Export" writes for a kind: its own text format (the first that is not JSON, as the host
 * picks it for `library.export` format `sok`): XSB / SOK for push, `.tiles` for sliding.
 */
import { rulesetKind } from '../../../../src-shared/rulesets/registry.ts';

export interface TextExport {
  readonly label: string;
  readonly extension: string;
}

export function textExportOf(kind: string | undefined): TextExport | undefined {
  const format = kind ? rulesetKind(kind)?.formats.find((f) => !f.extensions.includes('json')) : undefined;
  return format ? { label: format.label, extension: format.extensions[0] } : undefined;
}
