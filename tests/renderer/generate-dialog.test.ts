// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { campaignGenerator } from '../../src-shared/rulesets/sliding/generators.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

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

  /** The real sliding campaign generator as the host lists it (its JSON Schema from zod). */
  const REAL = {
    kind: 'sliding',
    id: campaignGenerator.id,
    label: campaignGenerator.label,
    version: campaignGenerator.version,
    paramsSchema: z.toJSONSchema(campaignGenerator.paramsSchema, { unrepresentable: 'any' }),
    defaults: campaignGenerator.paramsSchema.parse({}),
  };

  async function openReal(): Promise<Mounted> {
    current = await mountStudio(new MemoryBridge({ 'library.generators': () => ({ generators: [REAL] }) }));
    await settle();
    await current.wrapper.get('[data-testid="generate-button"]').trigger('click');
    await settle();
    return current;
  }

  it('labels every parameter and gives its help line from the generator’s description', async () => {
    const { wrapper } = await openReal();
    const field = wrapper.get('[data-testid="generate-field-minDistance"]');
    expect(field.get('label').text()).toBe('Shortest distance');
    expect(wrapper.get('[data-testid="generate-help-width"]').text()).toBe('Columns of the board (2 to 5).');
    expect(wrapper.findAll('[data-testid^="generate-field-"]').every((f) => f.find('label').text().length > 0)).toBe(true);
  });

  it('checks the parameters with the generator’s own schema, shows why beside the field, and sends nothing invalid', async () => {
    const { wrapper, bridge } = await openReal();
    await wrapper.get('[data-testid="generate-param-minDistance"]').setValue('50');
    await wrapper.get('[data-testid="generate-param-maxDistance"]').setValue('10');
    expect(wrapper.get('[data-testid="generate-help-minDistance"]').text()).toBe('Must be at most the longest distance.');
    expect(wrapper.get('[data-testid="generate-field-minDistance"]').classes()).toContain('invalid');
    expect(wrapper.get('[data-testid="generate-submit"]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="generate-dialog"]').trigger('submit');
    await settle();
    expect(bridge.callsTo('library.generate')).toEqual([]);
    await wrapper.get('[data-testid="generate-param-width"]').setValue('9');
    expect(wrapper.get('[data-testid="generate-help-width"]').text()).toBe('Enter at most 5.');
    await wrapper.get('[data-testid="generate-param-width"]').setValue('4');
    await wrapper.get('[data-testid="generate-param-maxDistance"]').setValue('60');
    await wrapper.get('[data-testid="generate-dialog"]').trigger('submit');
    await settle();
    expect(bridge.callsTo('library.generate')).toMatchObject([{ generator: 'sliding-campaign', params: { width: 4, minDistance: 50, maxDistance: 60 } }]);
  });

  it('is in the command palette', async () => {
    current = await mountStudio(new MemoryBridge({ 'library.generators': () => ({ generators: [REAL] }) }));
    await settle();
    press('P', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    const item = current.wrapper.get('[data-testid="command-item"][data-command="library.generate"]');
    await item.trigger('click');
    await settle();
    expect(current.wrapper.find('[data-testid="generate-dialog"]').exists()).toBe(true);
  });
});
