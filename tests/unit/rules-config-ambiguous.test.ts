/**
 * A rules config whose meaning is unclear is refused, never guessed (issue 22): a key given twice,
 * a config of null; a refused unknown setting does not claim it "was ignored" (nothing was saved).
 */
import { describe, expect, it } from 'vitest';
import { checkConfigText, duplicateKey, saveRefusal } from '../../src-shared/engine/text/config-text.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';

describe('rules config text', () => {
  it('refuses a key given twice, naming its line and the key', () => {
    const text = '{\n  "pushStrength": 1,\n  "pushStrength": 2\n}';
    const refusal = saveRefusal(checkConfigText(pushKind, text));
    expect(refusal).toMatch(/^Line 3 \(pushStrength\): The setting 'pushStrength' is given twice/);
    // Keys repeated in different objects, or inside strings, are fine.
    expect(duplicateKey('{"a": {"x": 1}, "b": {"x": "\\"x\\": 2"}}')).toBeUndefined();
    expect(duplicateKey('{"a": [{"x": 1}, {"x": 2}], "c": 1, "c": 2}')).toMatchObject({ key: 'c' });
  });

  it('refuses null as a config and says what means the defaults', () => {
    expect(saveRefusal(checkConfigText(pushKind, 'null'))).toMatch(/null is not a config: write \{\} for the kind's defaults/);
  });

  it('refuses an unknown setting without saying it was ignored', () => {
    const refusal = saveRefusal(checkConfigText(pushKind, '{"pushstrength": 2}'));
    expect(refusal).toMatch(/no setting 'pushstrength': did you mean 'pushStrength'\?/);
    expect(refusal).not.toMatch(/ignored/);
  });
});
