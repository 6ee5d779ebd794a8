/**
 * Hashes that tie results to what produced them. A verification made under one rules fingerprint
 * is stale under another (DESIGN.md); a level's content hash ignores its title and comments so a
 * rename does not invalidate a proof.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** JSON with object keys sorted at every depth and no whitespace; `undefined` members dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortDeep(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = sortDeep(item);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError('canonicalJson: numbers must be finite');
  }
  return value;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * `kind@version:hash` where hash covers kind, engine rules version and the canonical config
 * (defaults already filled by the kind's schema, so `{}` and the explicit defaults agree).
 */
export function rulesFingerprint(kind: string, rulesVersion: number, config: unknown): string {
  const digest = sha256Hex(`gridwright-rules\n${kind}\n${rulesVersion}\n${canonicalJson(config)}`);
  return `${kind}@${rulesVersion}:${digest.slice(0, 24)}`;
}

const META_KEYS = new Set(['title', 'author', 'comments', 'notes']);

/** Hash of what a level plays like: everything but its title, author, comments and notes. */
export function levelContentHash(kind: string, level: object): string {
  const content: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(level)) if (!META_KEYS.has(key)) content[key] = value;
  return sha256Hex(`gridwright-level\n${kind}\n${canonicalJson(content)}`).slice(0, 32);
}

/** Short hash of a state's canonical text, used per replay step. */
export function stateHash(canonicalState: string): string {
  return sha256Hex(canonicalState).slice(0, 16);
}
