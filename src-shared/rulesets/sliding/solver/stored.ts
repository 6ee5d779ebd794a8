/**
 * Solver tables kept by the host (`SolverTables`): a 16-byte header (magic `GWST`, payload length,
 * checksum, format version) in front of the payload, so a truncated or damaged file is rebuilt
 * instead of silently giving wrong distances. Checked once per buffer (`TableCache`).
 */
import type { SolveOptions, SolverTables } from '../../../engine/ruleset.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

const MAGIC = 0x54535747; // 'GWST' little-endian
const HEADER = 16;
const FORMAT = 1;

function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  const words = bytes.length >>> 2;
  const aligned = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, words) : new Uint32Array(bytes.slice(0, words * 4).buffer);
  for (let i = 0; i < words; i++) h = Math.imul(h ^ aligned[i], 0x01000193);
  for (let i = words * 4; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

export function packTable(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, payload.length, true);
  view.setUint32(8, checksum(payload), true);
  view.setUint32(12, FORMAT, true);
  out.set(payload, HEADER);
  return out;
}

/** The payload when the header, length and checksum agree; undefined otherwise. */
export function unpackTable(data: Uint8Array, expectedLength: number): Uint8Array | undefined {
  if (!(data instanceof Uint8Array) || data.length !== HEADER + expectedLength) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, HEADER);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== expectedLength || view.getUint32(12, true) !== FORMAT) return undefined;
  const payload = data.subarray(HEADER);
  return checksum(payload) === view.getUint32(8, true) ? payload : undefined;
}

/**
 * Tables already checked or built in this rules instance (or generator run), by name: the
 * host's storage is asked once, and a table built without storage is still built only once.
 */
export class TableCache {
  private readonly checked = new WeakMap<Uint8Array, Uint8Array>();
  private readonly built = new Map<string, Uint8Array>();

  /**
   * The payload of table `name`: from the cache, else from `tables` (checked), else built and
   * handed to `tables`. `build` returns undefined when it was stopped; nothing is kept then.
   */
  obtain(name: string, length: number, tables: SolverTables | undefined, build: () => Uint8Array | undefined, options: { mayDefer?: boolean } = {}): Uint8Array | undefined | 'busy' {
    const own = this.built.get(name);
    if (own) return own;
    const stored = tables?.get(name);
    if (stored) {
      const known = this.checked.get(stored);
      if (known) return known;
      const payload = unpackTable(stored, length);
      if (payload) {
        this.checked.set(stored, payload);
        return payload;
      }
    }
    // A long build another process has already started: use the weaker method meanwhile.
    if (options.mayDefer && tables?.claim && !tables.claim(name)) return 'busy';
    let payload: Uint8Array | undefined;
    try {
      payload = build();
    } finally {
      if (!payload) tables?.release?.(name); // stopped or failed: others may build it
    }
    if (!payload) return undefined;
    if (tables) {
      const packed = packTable(payload);
      tables.put(name, packed);
      const kept = packed.subarray(HEADER);
      this.checked.set(packed, kept);
      return kept;
    }
    this.built.set(name, payload);
    return payload;
  }
}

/** Stop polling and progress for table builds, from a solve's options. */
export interface BuildHooks {
  readonly layer?: (depth: number, size: number) => void;
  readonly shouldStop?: SolveOptions['shouldStop'];
  /** The stop as a work counter (stop-poll.ts), shared by the parts of one build; made from `shouldStop` if absent. */
  readonly poll?: StopPoll;
  readonly progress?: SolveOptions['progress'];
}
