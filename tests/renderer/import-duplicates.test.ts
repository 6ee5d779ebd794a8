// @vitest-environment happy-dom
/**
 * The import flow when the library holds some of a file's levels already: the host imports nothing
 * and asks; the dialog says which levels and campaigns, and Import anyway, Skip duplicates and
 * Cancel send the choice (or nothing) back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportDuplicates, RequestOf, ResponseOf } from '../../src-shared/api/studio-api.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const FILE_TEXT = 'Title: Tiny\n\n#####\n#@$.#\n#####\nTitle: one\n\n######\n#@ $.#\n######\nTitle: two\n';

function found(action: ImportDuplicates['action'], count = 1): ImportDuplicates {
  return {
    action,
    count,
    of: 2,
    campaigns: [{ id: 1, name: 'Microban I', levels: count }],
    levels: [
      { level: 1, title: 'one', places: [{ campaignId: 1, campaignName: 'Microban I', position: 7 }] },
      ...(count > 1 ? [{ level: 2, title: null, places: [{ campaignId: 1, campaignName: 'Microban I', position: 9 }] }] : []),
    ],
  };
}

/** A host that asks unless told what to do, then imports as told. */
function askingBridge(count = 1): MemoryBridge {
  return new MemoryBridge({
    'library.import': (request: RequestOf<'library.import'>): ResponseOf<'library.import'> => {
      if (request.duplicates === undefined) return { campaignId: null, campaignName: null, imported: 0, rejected: 0, diagnostics: [], duplicates: found('ask', count) };
      const imported = request.duplicates === 'skip' ? 2 - count : 2;
      return { campaignId: imported ? 3 : null, campaignName: imported ? 'Tiny' : null, imported, rejected: 0, diagnostics: [], duplicates: found(request.duplicates, count) };
    },
  });
}

function chooseFile(input: HTMLInputElement, file: File): void {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
}

async function importTiny(bridge: MemoryBridge): Promise<Mounted> {
  current = await mountStudio(bridge);
  chooseFile(current.wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File([FILE_TEXT], 'tiny.xsb'));
  await settle();
  return current;
}

describe('import: levels already in the library', () => {
  it('asks first: which levels, in which campaigns, and no report yet', async () => {
    const { wrapper, bridge } = await importTiny(askingBridge());
    expect(bridge.callsTo('library.import')).toEqual([{ fileName: 'tiny.xsb', text: FILE_TEXT }]);
    const dialog = wrapper.get('[data-testid="import-duplicates"]');
    expect(dialog.attributes('role')).toBe('dialog');
    expect(dialog.get('[data-testid="import-duplicates-summary"]').text()).toBe('1 of the 2 levels of tiny.xsb is already in the library.');
    expect(dialog.get('[data-testid="import-duplicates-campaign"]').text()).toBe('Microban I: 1 level');
    expect(dialog.get('[data-testid="import-duplicates-level"]').text()).toContain('Level 1 (one)');
    expect(dialog.get('[data-testid="import-duplicates-level"]').text()).toContain('Microban I #7');
    expect(wrapper.find('[data-testid="import-panel"]').exists()).toBe(false);
    expect(document.activeElement?.getAttribute('data-testid')).toBe('import-duplicates-cancel');
  });

  it('Skip duplicates sends the same text again with duplicates: skip, and the report says what was skipped', async () => {
    const { wrapper, bridge } = await importTiny(askingBridge());
    await wrapper.get('[data-testid="import-duplicates-skip"]').trigger('click');
    await settle();
    expect(bridge.callsTo('library.import')).toEqual([
      { fileName: 'tiny.xsb', text: FILE_TEXT },
      { fileName: 'tiny.xsb', text: FILE_TEXT, duplicates: 'skip' },
    ]);
    expect(wrapper.find('[data-testid="import-duplicates"]').exists()).toBe(false);
    const panel = wrapper.get('[data-testid="import-panel"]');
    expect(panel.get('[data-testid="import-imported"]').attributes('data-count')).toBe('1');
    expect(panel.get('[data-testid="import-skipped"]').text()).toBe('1 level already in the library skipped');
  });

  it('Import anyway sends duplicates: import', async () => {
    const { wrapper, bridge } = await importTiny(askingBridge());
    await wrapper.get('[data-testid="import-duplicates-import"]').trigger('click');
    await settle();
    expect(bridge.callsTo('library.import').at(-1)).toEqual({ fileName: 'tiny.xsb', text: FILE_TEXT, duplicates: 'import' });
    expect(wrapper.get('[data-testid="import-again"]').text()).toBe('1 of them was in the library already');
  });

  it('Cancel (or Esc) sends nothing more and writes nothing', async () => {
    const { wrapper, bridge } = await importTiny(askingBridge());
    await wrapper.get('[data-testid="import-duplicates-cancel"]').trigger('click');
    await settle();
    expect(bridge.callsTo('library.import')).toHaveLength(1);
    expect(wrapper.find('[data-testid="import-duplicates"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="import-panel"]').exists()).toBe(false);
    chooseFile(wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File([FILE_TEXT], 'tiny.xsb'));
    await settle();
    await wrapper.get('[data-testid="import-duplicates"]').trigger('keydown', { key: 'Escape' });
    await settle();
    expect(bridge.callsTo('library.import')).toHaveLength(2);
    expect(wrapper.find('[data-testid="import-duplicates"]').exists()).toBe(false);
  });

  it('when every level is there already, skipping is offered as leaving nothing, and Import anyway stays', async () => {
    const { wrapper } = await importTiny(askingBridge(2));
    const dialog = wrapper.get('[data-testid="import-duplicates"]');
    expect(dialog.get('[data-testid="import-duplicates-summary"]').text()).toBe('All 2 levels of tiny.xsb are already in the library.');
    expect(dialog.get('[data-testid="import-duplicates-skip"]').attributes('disabled')).toBeDefined();
    expect(dialog.text()).toContain('Skipping them would leave nothing to import.');
    expect(dialog.findAll('[data-testid="import-duplicates-level"]').map((l) => l.text())).toEqual([expect.stringContaining('Level 1 (one)'), expect.stringContaining('Level 2')]);
  });

  it('a dropped file asks the same question', async () => {
    current = await mountStudio(askingBridge());
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [new File([FILE_TEXT], 'tiny.xsb')] } });
    document.body.dispatchEvent(drop);
    await settle();
    expect(current.wrapper.find('[data-testid="import-duplicates"]').exists()).toBe(true);
  });

  it('a report of nothing new is no failure', async () => {
    current = await mountStudio(
      new MemoryBridge({ 'library.import': () => ({ campaignId: null, campaignName: null, imported: 0, rejected: 0, diagnostics: [], duplicates: found('skip', 2) }) }),
    );
    chooseFile(current.wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File([FILE_TEXT], 'tiny.xsb'));
    await settle();
    const panel = current.wrapper.get('[data-testid="import-panel"]');
    expect(panel.classes()).not.toContain('failed');
    expect(panel.text()).toContain('Every level of the file is in the library already, so no campaign was made.');
  });
});
