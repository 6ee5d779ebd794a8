/**
 * Reading level files from disk for the CLI (and, later, library import): a size limit, lenient
 * UTF-8 decoding, the format chosen by file ending or, failing that, by the first character.
 * Every problem is a diagnostic; only a missing or unreadable file is an error the caller reports.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import type { AnyRulesetKind, CollectionReadResult, LevelFormat } from '../../src-shared/engine/ruleset.ts';
import { formatFor } from '../../src-shared/rulesets/registry.ts';

/** Larger files are refused before reading: no level collection comes near it. */
export const MAX_LEVEL_FILE_BYTES = 64 * 1024 * 1024;

export interface LevelFile {
  readonly kind: AnyRulesetKind;
  readonly format: LevelFormat<unknown & object>;
  readonly result: CollectionReadResult<object>;
}

export class LevelFileError extends Error {
  override readonly name = 'LevelFileError';
}

export async function readLevelFile(path: string): Promise<LevelFile> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new LevelFileError(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof LevelFileError) throw error;
    throw new LevelFileError(`Cannot open ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}. Check the path.`);
  }
  if (size > MAX_LEVEL_FILE_BYTES) {
    throw new LevelFileError(`${path} is ${(size / 1048576).toFixed(1)} MB; level files over ${MAX_LEVEL_FILE_BYTES / 1048576} MB are refused.`);
  }
  const bytes = await readFile(path);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const chosen = formatFor(path, text);
  if (!chosen) throw new LevelFileError(`${path} is in no level format Gridwright reads (XSB/SOK/TXT or Gridwright JSON).`);
  const result = chosen.format.read(text);
  return { kind: chosen.kind, format: chosen.format, result };
}

/** Diagnostics that belong to one level (by its 1-based number in the file). */
export function diagnosticsOfLevel(diagnostics: readonly Diagnostic[], level: number): Diagnostic[] {
  return diagnostics.filter((d) => d.level === level);
}
