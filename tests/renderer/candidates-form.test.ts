// @vitest-environment happy-dom
/**
 * The candidates bench's form as a designer meets it: no error on the seed before anything was
 * typed (only once the field is left empty, or a start is tried), and what was typed is still there
 * after a visit to another view.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reverseGenerator } from '../../src-shared/rulesets/push/generator/index.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

const GENERATOR = {
  kind: 'push', id: reverseGenerator.id, label: reverseGenerator.label, version: reverseGenerator.version,
  paramsSchema: z.toJSONSchema(reverseGenerator.paramsSchema, { unrepresentable: 'any' }), defaults: reverseGenerator.paramsSchema.parse({}),
};

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

async function openBench(): Promise<Mounted> {
  current = await mountStudio(new MemoryBridge({ 'library.generators': () => ({ generators: [GENERATOR] }), 'candidates.runs': () => ({ runs: [] }) }));
  useUiStore().show('candidates');
  await settle();
  return current;
}

describe('the candidates form', () => {
  it('says nothing about the seed before it is touched; an empty seed left behind is called missing', async () => {
    const { wrapper } = await openBench();
    const help = () => wrapper.get('[data-testid="bench-error-seed"]');
    expect(help().classes()).not.toContain('field-error');
    expect(wrapper.get('[data-testid="bench-start"]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="bench-seed"]').trigger('blur');
    expect(help().classes()).toContain('field-error');
  });

  it('a seed typed and then cleared is called missing at once', async () => {
    const { wrapper } = await openBench();
    await wrapper.get('[data-testid="bench-seed"]').setValue('e2e');
    await wrapper.get('[data-testid="bench-seed"]').setValue('');
    expect(wrapper.get('[data-testid="bench-error-seed"]').classes()).toContain('field-error');
  });

  it('keeps what was typed when the view is left and shown again', async () => {
    const { wrapper } = await openBench();
    await wrapper.get('[data-testid="bench-seed"]').setValue('harbour');
    await wrapper.get('[data-testid="bench-param-count"]').setValue('7');
    await wrapper.get('[data-testid="bench-par-min"]').setValue('12');
    useUiStore().show('library');
    await settle();
    expect(wrapper.find('[data-testid="candidates-form"]').exists()).toBe(false);
    useUiStore().show('candidates');
    await settle();
    expect((wrapper.get('[data-testid="bench-seed"]').element as HTMLInputElement).value).toBe('harbour');
    expect((wrapper.get('[data-testid="bench-param-count"]').element as HTMLInputElement).value).toBe('7');
    expect((wrapper.get('[data-testid="bench-par-min"]').element as HTMLInputElement).value).toBe('12');
  });

  it('names the generator in the studio\'s language (the kind brings its words)', async () => {
    const { wrapper } = await openBench();
    expect(wrapper.get('[data-testid="bench-generator"] option').text()).toBe('Reverse (pull) generation (Push (Sokoban))');
    useUiStore().setLocale('zh-CN');
    await settle();
    expect(wrapper.get('[data-testid="bench-generator"] option').text()).toBe('逆向（拉箱）生成（推箱子）');
    useUiStore().setLocale('en');
  });
});
