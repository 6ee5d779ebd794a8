/** Microban I read through the real XSB reader, with states built under the default push rules. */
import { readFileSync } from 'node:fs';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import { readXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { MICROBAN_PATH } from './data.ts';

export const pushRules = defaultPushRules();

let cache: PushLevel[] | undefined;

export function microbanLevels(): PushLevel[] {
  cache ??= [...readXsb(readFileSync(MICROBAN_PATH, 'utf8')).collection.levels];
  return cache;
}

/** Start state of Microban level `n` (1-based). */
export function microbanState(n: number): PushState {
  const loaded = pushRules.load(microbanLevels()[n - 1]);
  if (!loaded.state) throw new Error(`Microban ${n} did not load`);
  return loaded.state;
}

/** A push level from board rows (plus mechanics), loaded under the default rules. */
export function stateOf(board: string[], extra: Partial<PushLevel> = {}): PushState {
  const loaded = pushRules.load({ board, ...extra });
  if (!loaded.state) throw new Error(`level did not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded.state;
}
