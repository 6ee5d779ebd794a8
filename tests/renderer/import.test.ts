// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_IMPORT_PART_CHARS } from '../../src-shared/api/studio-api.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const FILE_TEXT = '; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n; 2\n\n#####\n#@$ #\n#####\n';

function rejectingBridge(): MemoryBridge {
  return new MemoryBridge({
    'library.import': ({ fileName }) => ({
      campaignId: 3,
      campaignName: fileName.replace(/\.[^.]+$/, ''),
      imported: 1,
      rejected: 1,
      diagnostics: [{ severity: 'error', code: 'push.goals.fewer', message: 'There are fewer goals (0) than boxes (1).', level: 2, line: 13 }],
    }),
  });
}

function chooseFile(input: HTMLInputElement, file: File): void {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
}

describe('import', () => {
  it('the file input sends the file text to library.import and shows the rejected diagnostics', async () => {
    current = await mountStudio(rejectingBridge());
    const { wrapper, bridge } = current;
    const input = wrapper.get('[data-testid="import-input"]');
    expect(input.attributes('accept')).toBe('.sok,.xsb,.txt,.json,.tiles,.maze,.blocks');
    chooseFile(input.element as HTMLInputElement, new File([FILE_TEXT], 'starter.xsb', { type: 'text/plain' }));
    await settle();
    expect(bridge.callsTo('library.import')).toEqual([{ fileName: 'starter.xsb', text: FILE_TEXT }]);
    const panel = wrapper.get('[data-testid="import-panel"]');
    expect(panel.get('[data-testid="import-imported"]').attributes('data-count')).toBe('1');
    expect(panel.get('[data-testid="import-rejected"]').text()).toBe('1 level rejected');
    const diagnostic = panel.get('[data-testid="import-diagnostic"]');
    expect(diagnostic.attributes('data-code')).toBe('push.goals.fewer');
    expect(diagnostic.text()).toContain('There are fewer goals (0) than boxes (1).');
    expect(diagnostic.text()).toContain('level 2');
    expect(diagnostic.text()).toContain('line 13');
    await panel.get('[data-testid="import-dismiss"]').trigger('click');
    expect(wrapper.find('[data-testid="import-panel"]').exists()).toBe(false);
  });

  it('a file larger than one request goes up in parts, in order, and is imported as that upload', async () => {
    const parts: { upload?: string; offset: number; text: string }[] = [];
    const bridge = new MemoryBridge({
      'library.importPart': (request) => {
        parts.push(request);
        return { upload: '0123abcd-0000-4000-8000-000000000000', chars: request.offset + request.text.length };
      },
      'library.import': ({ fileName }) => ({ campaignId: 3, campaignName: fileName, imported: 2, rejected: 0, diagnostics: [] }),
    });
    current = await mountStudio(bridge);
    const big = `; ${'-'.repeat(MAX_IMPORT_PART_CHARS)}\n${FILE_TEXT}`;
    chooseFile(current.wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File([big], 'big.xsb'));
    await settle();
    expect(parts.map((p) => [p.upload, p.offset, p.text.length])).toEqual([
      [undefined, 0, MAX_IMPORT_PART_CHARS],
      ['0123abcd-0000-4000-8000-000000000000', MAX_IMPORT_PART_CHARS, big.length - MAX_IMPORT_PART_CHARS],
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(big);
    expect(bridge.callsTo('library.import')).toEqual([{ fileName: 'big.xsb', upload: '0123abcd-0000-4000-8000-000000000000' }]);
  });

  it('a file dropped anywhere on the window is imported', async () => {
    current = await mountStudio(rejectingBridge());
    const { bridge } = current;
    const file = new File([FILE_TEXT], 'dropped.sok');
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [file] } });
    document.body.dispatchEvent(drop);
    await settle();
    expect(drop.defaultPrevented).toBe(true);
    expect(bridge.callsTo('library.import')).toEqual([{ fileName: 'dropped.sok', text: FILE_TEXT }]);
  });

  it('an import the host refuses says why and what to do', async () => {
    current = await mountStudio(new MemoryBridge({ 'library.import': () => ({ code: 'invalid-request', message: 'The file name has no known ending.' }) }));
    const { wrapper } = current;
    chooseFile(wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File(['x'], 'notes.txt'));
    await settle();
    const toast = wrapper.get('[data-testid="toast"]');
    expect(toast.get('[data-testid="toast-title"]').text()).toBe('Could not import notes.txt');
    expect(toast.get('[data-testid="toast-detail"]').text()).toBe('The file name has no known ending.');
  });

  it('shows the progress the host tells while a large import runs, and clears it when the import answers', async () => {
    let answer!: (value: { campaignId: number; campaignName: string; imported: number; rejected: number; diagnostics: [] }) => void;
    const bridge = new MemoryBridge({ 'library.import': () => new Promise((resolve) => (answer = resolve)) });
    current = await mountStudio(bridge);
    const { wrapper } = current;
    chooseFile(wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File([FILE_TEXT], 'big.xsb', { type: 'text/plain' }));
    await settle();
    expect(wrapper.get('[data-testid="import-button"]').text()).toBe('Importing…');
    bridge.emit('library.importProgress', { fileName: 'big.xsb', phase: 'check', done: 5000, total: 20000 });
    await settle();
    expect(wrapper.get('[data-testid="import-progress-text"]').text()).toBe('Checking level 5,000 of 20,000');
    expect(wrapper.get('[data-testid="import-progress-bar"]').attributes('aria-valuenow')).toBe('20');
    bridge.emit('library.importProgress', { fileName: 'big.xsb', phase: 'write', done: 10000, total: 20000 });
    await settle();
    expect(wrapper.get('[data-testid="import-progress-bar"]').attributes('aria-valuenow')).toBe('83');
    answer({ campaignId: 3, campaignName: 'big', imported: 2, rejected: 0, diagnostics: [] });
    await settle();
    expect(wrapper.find('[data-testid="import-progress"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="import-button"]').text()).toBe('Import…');
  });

  it('a file refused as a whole says so, never "none rejected"', async () => {
    current = await mountStudio(
      new MemoryBridge({
        'library.import': () => ({
          campaignId: null,
          campaignName: null,
          imported: 0,
          rejected: 0,
          diagnostics: [{ severity: 'error', code: 'library.import.format', message: 'No level format reads notes.xsb.' }],
        }),
      }),
    );
    const { wrapper } = current;
    chooseFile(wrapper.get('[data-testid="import-input"]').element as HTMLInputElement, new File(['hello'], 'notes.xsb', { type: 'text/plain' }));
    await settle();
    expect(wrapper.get('[data-testid="import-refused"]').text()).toBe('the file was refused as a whole');
    expect(wrapper.find('[data-testid="import-rejected"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="import-panel"]').text()).not.toContain('none rejected');
  });
});
