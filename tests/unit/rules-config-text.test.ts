/**
 * The rules config as typed text: every problem placed on its line and field, the saves it
 * refuses, and hover text for every field of every kind's config (the inspector's hovers come
 * from these descriptions).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkConfigText, locateJsonPath, saveRefusal } from '../../src-shared/engine/text/config-text.ts';
import { kindJsonSchemas } from '../../src-shared/engine/text/json-schemas.ts';
import { allKinds, rulesetKind } from '../../src-shared/rulesets/registry.ts';

const push = rulesetKind('push')!;

describe('a rules config as text', () => {
  it('finds a member by its path, nested ones and array elements too', () => {
    const text = '{\n  "ice": { "enabled": true },\n  "doors": {\n    "opensWhen": "any"\n  },\n  "list": [1, {"x": 2}]\n}';
    const at = (path: string[]) => text.slice(locateJsonPath(text, path).start, locateJsonPath(text, path).end);
    expect(at(['doors', 'opensWhen'])).toBe('"opensWhen"');
    expect(at(['ice', 'enabled'])).toBe('"enabled"');
    expect(at(['list', '1', 'x'])).toBe('"x"');
    // A field left out falls back to its parent; the empty path is the root.
    expect(at(['ice', 'playerSlides'])).toBe('"ice"');
    expect(at([])).toBe('{');
  });

  it('a key in a nested object is not mistaken for the same key higher up', () => {
    const text = '{ "doors": { "enabled": false }, "enabled": 3 }';
    expect(locateJsonPath(text, ['enabled']).start).toBe(text.lastIndexOf('"enabled"'));
  });

  it('a schema error names its line and field, and refuses the save', () => {
    const check = checkConfigText(push, '{\n  "pushStrength": 1,\n  "heavyWeight": 9\n}');
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toMatchObject({ blocksSave: true, diagnostic: { severity: 'error', path: 'heavyWeight', line: 3, column: 3 } });
    expect(saveRefusal(check)).toMatch(/^Line 3 \(heavyWeight\): Not a valid push rules config: heavyWeight: /);
  });

  it('a refusal words a wrong value as the inspector\'s schema markers do (one error, one wording)', () => {
    expect(saveRefusal(checkConfigText(push, '{\n  "pushStrength": "2"\n}'))).toBe('Line 2 (pushStrength): Not a valid push rules config: pushStrength: Incorrect type. Expected "integer".');
    expect(saveRefusal(checkConfigText(push, '{ "doors": { "opensWhen": "some" } }'))).toMatch(/doors\.opensWhen: Value is not accepted\. Valid values: "all", "any"\.$/);
  });

  it("an unknown setting keeps the engine's warning and its suggestion, and refuses the save", () => {
    const check = checkConfigText(push, '{ "ice": { "Enabled": false } }');
    expect(check.problems).toEqual([
      expect.objectContaining({ blocksSave: true, diagnostic: expect.objectContaining({ severity: 'warning', code: 'push.config.unknown', message: "The push rules have no setting 'ice.Enabled': did you mean 'ice.enabled'?" }) }),
    ]);
  });

  it('text that is not JSON is refused with its line and column; a good config passes', () => {
    const broken = checkConfigText(push, '{\n  "pushStrength": 2\n  "ice": {}\n}');
    expect(broken.document).toBeUndefined();
    expect(broken.problems[0].diagnostic).toMatchObject({ code: 'json.syntax', line: 3 });
    expect(saveRefusal(checkConfigText(push, '{ "pushStrength": 2 }'))).toBeUndefined();
    expect(checkConfigText(push, '\ufeff{}').problems).toEqual([]);
  });
});

describe('hover text for every field', () => {
  /** Every property schema of a JSON Schema, with its path. */
  function* properties(schema: Record<string, unknown>, at: string): Generator<[string, Record<string, unknown>]> {
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, child] of Object.entries(props)) {
      yield [`${at}${key}`, child];
      yield* properties(child, `${at}${key}.`);
    }
  }

  it('every field of every kind\'s config has a description, and so does the config itself', () => {
    for (const kind of allKinds()) {
      const schema = kindJsonSchemas(kind).config;
      expect(typeof schema.description, `${kind.kind} config`).toBe('string');
      for (const [path, field] of properties(schema, '')) expect(typeof field.description, `${kind.kind} ${path}`).toBe('string');
    }
  });

  it('user-facing descriptions (config fields, generator parameters) never cite the project\'s sources', () => {
    const cited = /\bseeds? \d{3}\b/i;
    for (const kind of allKinds()) {
      const schemas = [kindJsonSchemas(kind).config, ...kind.generators.map((g) => z.toJSONSchema(g.paramsSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>)];
      for (const schema of schemas) {
        expect(String(schema.description ?? ''), kind.kind).not.toMatch(cited);
        for (const [path, field] of properties(schema, '')) expect(String(field.description ?? ''), `${kind.kind} ${path}`).not.toMatch(cited);
      }
    }
  });

  it('the push config lists its mechanics with their enum values', () => {
    const doors = (kindJsonSchemas(push).config.properties as Record<string, { properties: Record<string, { enum?: string[] }> }>).doors;
    expect(doors.properties.opensWhen.enum).toEqual(['all', 'any']);
  });
});
