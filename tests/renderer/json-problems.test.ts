// @vitest-environment happy-dom
/**
 * The rules JSON's problems follow the studio's language (issue 22): Monaco's JSON worker and the
 * engine's save refusal word them in English only, and the problem list says them in zh-CN.
 */
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import DiagnosticList from '../../src-renderer/src/components/DiagnosticList.vue';
import { createStudioI18n } from '../../src-renderer/src/i18n/index.ts';
import { jsonProblemOf, jsonProblemsEn } from '../../src-renderer/src/i18n/json-problems.ts';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { checkConfigText } from '../../src-shared/engine/text/config-text.ts';

function shown(locale: 'en' | 'zh-CN', diagnostics: Diagnostic[]): string[] {
  const wrapper = mount(DiagnosticList, { props: { diagnostics }, global: { plugins: [createStudioI18n(locale)] } });
  const texts = wrapper.findAll('.message').map((m) => m.text());
  wrapper.unmount();
  return texts;
}

describe('the rules JSON problems in the studio\'s language', () => {
  it('reads back every English message it words, with its values', () => {
    for (const [key, english] of Object.entries(jsonProblemsEn)) {
      if (key === 'rulesConfig') continue;
      const filled = english.replace(/\{(\w+)\}/g, (_, name: string) => `v-${name}`);
      const found = jsonProblemOf(filled);
      expect(found?.key, english).toBe(key);
      for (const name of english.match(/\{(\w+)\}/g) ?? []) expect(found?.params[name.slice(1, -1)]).toBe(`v-${name.slice(1, -1)}`);
    }
  });

  it('shows the worker\'s markers and the save refusal in zh-CN, and as they are in English', () => {
    const refusal = checkConfigText(pushKind, '{"pushStrength": "two"}').problems.map((p) => p.diagnostic).find((d) => d.code === 'push.config.schema')!;
    expect(refusal.message).toMatch(/Incorrect type\. Expected "integer"\./);
    const problems: Diagnostic[] = [
      { severity: 'error', code: 'json.schema', message: 'Incorrect type. Expected "integer".', line: 1, column: 18 },
      { severity: 'error', code: 'json.schema', message: 'Value is above the maximum of 9.', line: 1, column: 18 },
      { severity: 'error', code: 'json.schema', message: 'Expected comma or closing brace', line: 2, column: 1 },
      refusal,
      { severity: 'warning', code: 'library.import.name-cleaned', message: 'The campaign\'s name from the file held control or bidirectional characters, which were taken out: it is named "x".', params: { name: 'x' } },
      { severity: 'error', code: 'json.schema', message: 'Something the table does not know.' },
    ];
    expect(shown('zh-CN', problems)).toEqual([
      '类型不对：应为“integer”。',
      '值大于最大值 9。',
      '此处应有逗号或右花括号。',
      '不是有效的 push 规则配置：pushStrength：类型不对：应为“integer”。',
      '文件给出的战役名称含有控制字符或双向文本字符，已被去掉：战役名为“x”。',
      'Something the table does not know.',
    ]);
    expect(shown('en', problems)).toEqual(problems.map((d) => d.message));
  });
});
