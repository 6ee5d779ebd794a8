// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const GENERATOR = {
  kind: 'sliding',
  id: 'campaign',
  label: 'Sliding campaign',
  version: 1,
  paramsSchema: {
    type: 'object',
    properties: {
      size: { type: 'integer', minimum: 2, maximum: 5, default: 3 },
      count: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
      tier: { type: 'string', enum: ['easy', 'medium', 'hard'], default: 'easy' },
    },
  },
  defaults: { size: 3, count: 10, tier: 'easy' },
};

describe('generate dialog', () => {
  it('is absent when no kind offers a generator', async () => {
    current = await mountStudio(new MemoryBridge());
    const { wrapper } = current;
    await settle();
    expect(wrapper.find('[data-testid="generate-button"]').exists()).toBe(false);
  });

  it('builds its form from the generator schema and starts generation with the seed and params', async () => {
    const bridge = new MemoryBridge({ 'library.generators': () => ({ generators: [GENERATOR] }) });
    current = await mountStudio(bridge);
    const { wrapper } = current;
    await settle();
    await wrapper.get('[data-testid="generate-button"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="generate-param-size"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="generate-param-tier"]').element.tagName).toBe('SELECT');
    await wrapper.get('[data-testid="generate-param-count"]').setValue('25');
    await wrapper.get('[data-testid="generate-seed"]').setValue('abc123');
    await wrapper.get('[data-testid="generate-campaign"]').setValue('Tiles 1');
    await wrapper.get('[data-testid="generate-dialog"]').trigger('submit');
    await settle();
    expect(bridge.callsTo('library.generate')).toEqual([{ kind: 'sliding', generator: 'campaign', params: { size: 3, count: 25, tier: 'easy' }, seed: 'abc123', campaignName: 'Tiles 1' }]);
    expect(wrapper.find('[data-testid="generate-dialog"]').exists()).toBe(false);
  });
});
