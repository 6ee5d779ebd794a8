/**
 * Reading level files from disk for the CLI: a size limit, decoding (UTF-8, lenient; UTF-16 and
 * UTF-32 by their byte-order mark), then the library's reader, which picks the format or refuses
 * the file with the reason. Only a missing, unreadable or oversized file is an error; everything
 * about the content is a diagnostic.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import type { ReadOptions } from '../../src-shared/engine/ruleset.ts';
import { readCollectionText, type CollectionText } from '../library/import.ts';

/** Larger files are refused before reading: no level collection comes near it. */
export const MAX_LEVEL_FILE_BYTES = 64 * 1024 * 1024;

export class LevelFileError extends Error {
  override readonly name = 'LevelFileError';
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/**
 * Text of a level file's bytes: UTF-32 and UTF-16 when a byte-order mark says so, else UTF-8
 * (its mark dropped; bytes that are no UTF-8 become U+FFFD, which the readers report).
 */
export function decodeLevelBytes(bytes: Uint8Array): { readonly text: string; readonly encoding: TextEncodingName } {
  const [a, b, c, d] = bytes;
  // UTF-32LE's mark begins like UTF-16LE's: FF FE 00 00 is UTF-32 (UTF-16 text never starts with NUL).
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { text: decodeUtf32(bytes.subarray(4), true), encoding: 'utf-32le' };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { text: decodeUtf32(bytes.subarray(4), false), encoding: 'utf-32be' };
  if (a === 0xff && b === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (a === 0xfe && b === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  // TextDecoder drops a UTF-8 byte-order mark itself.
  return { text: new TextDecoder('utf-8', { fatal: false }).decode(bytes), encoding: 'utf-8' };
}

/** UTF-32 (no decoder in the platform): a code point per 4 bytes; invalid ones and a cut-off tail are U+FFFD. */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    const point = view.getUint32(i, littleEndian);
    chunk.push(point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) ? 0xfffd : point);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  if (bytes.length % 4 !== 0) chunk.push(0xfffd);
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

/** A file's decoded text; a missing, unreadable or oversized file is a LevelFileError. */
export async function readLevelFileText(path: string, maxBytes = MAX_LEVEL_FILE_BYTES): Promise<{ readonly text: string; readonly encoding: TextEncodingName }> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new LevelFileError(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof LevelFileError) throw error;
    throw new LevelFileError(`Cannot open ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}. Check the path.`);
  }
  if (size > maxBytes) {
    throw new LevelFileError(`${path} is ${(size / 1048576).toFixed(1)} MB; level files over ${maxBytes / 1048576} MB are refused.`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new LevelFileError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  return decodeLevelBytes(bytes);
}

/**
 * A level file read by its format, or refused with the reason (see `readCollectionText`); with
 * `maxLevels`, read no further than that many levels.
 */
export async function readLevelFile(path: string, options: ReadOptions = {}): Promise<CollectionText> {
  const { text } = await readLevelFileText(path);
  return readCollectionText(path, text, options);
}

/** Diagnostics that belong to one level (by its 1-based number in the file). */
export function diagnosticsOfLevel(diagnostics: readonly Diagnostic[], level: number): Diagnostic[] {
  return diagnostics.filter((d) => d.level === level);
}
