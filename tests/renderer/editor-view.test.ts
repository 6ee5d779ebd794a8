// @vitest-environment happy-dom
/**
 * The editor in the shell, through the bridge: it opens the selected level (Ctrl+Alt+E), edits
 * from the keyboard alone (a palette key, the cell cursor's arrows, Enter), shows lint on the
 * cells it concerns with a fix, undoes and redoes, autosaves the draft, asks for the live proof,
 * offers a draft back, and play-tests the draft with the Level view's component (F5, Escape).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Verification } from '../../src-shared/verify/record.ts';
import { AUTOSAVE_DELAY_MS } from '../../src-renderer/src/services/draft-autosave.ts';
import { PROOF_DELAY_MS } from '../../src-renderer/src/services/live-proof.ts';
import { CAMPAIGN, LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';
import { useEditorStore } from '../../src-renderer/src/stores/editor.ts';
import { useToolInput } from '../../src-renderer/src/views/editor/tool-input.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function proofOf(content: unknown): Verification {
  return {
    kind: 'push', status: 'solved', optimal: true, objective: 'moves', value: 9, par: 9, provenBound: null, solution: 'rrrrrrrrr', nodes: 40, stored: 40, ms: 3,
    budget: 400_000, stoppedBy: null, solver: 'test', metrics: { pushes: 2 }, diagnostics: [], rulesFingerprint: 'f', contentHash: JSON.stringify(content).length.toString(),
  };
}

async function openEditor(bridge = new MemoryBridge({ 'editor.prove': ({ content }) => ({ verification: proofOf(content), cancelled: false, jobId: 1 }) })): Promise<Mounted> {
  current = await mountStudio(bridge);
  await current.wrapper.get(`[data-testid="level-row"][data-level-id="${LEVELS[0].id}"]`).trigger('click');
  press('e', { ctrlKey: true, altKey: true }, document.body);
  await settle();
  return current;
}

const cell = (m: Mounted, x: number, y: number) => m.wrapper.get(`[data-testid="editor-board"] [data-testid="board-cell"][data-x="${x}"][data-y="${y}"]`);
const pieceAt = (m: Mounted, x: number, y: number) => m.wrapper.findAll(`[data-testid="editor-board"] [data-testid="board-piece"][data-x="${x}"][data-y="${y}"]`).map((p) => p.attributes('data-kind'));
async function keys(...list: string[]): Promise<void> {
  for (const key of list) {
    press(key, {}, document.body);
    await settle();
  }
}

describe('the level editor', () => {
  it('opens the selected level and edits it from the keyboard: a palette key, arrows, Enter; undo and redo', async () => {
    const m = await openEditor();
    expect(m.wrapper.find('[data-testid="editor-view"]').exists()).toBe(true);
    // Microban 1: a wall at (0,0); the cursor starts there.
    expect(cell(m, 1, 1).attributes('data-terrain')).toBe('floor');
    await keys('4', 'ArrowRight', 'ArrowDown', 'Enter');
    expect(pieceAt(m, 1, 1)).toEqual(['box']);
    press('z', { ctrlKey: true }, document.body);
    await settle();
    expect(pieceAt(m, 1, 1)).toEqual([]);
    press('z', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    expect(pieceAt(m, 1, 1)).toEqual(['box']);
    // The extra box makes boxes outnumber goals: the lint says so.
    expect(m.wrapper.findAll('[data-testid="lint-item"]').map((i) => i.attributes('data-code'))).toContain('push.boxes.too-many');
  });

  it('a rename is one undoable edit: Ctrl+Z brings the old title back in the field and leaves nothing to save', async () => {
    const m = await openEditor();
    const field = () => m.wrapper.get('[data-testid="editor-title"]').element as HTMLInputElement;
    const before = field().value;
    await m.wrapper.get('[data-testid="editor-title"]').setValue('The long corridor');
    await m.wrapper.get('[data-testid="editor-title"]').trigger('change');
    await settle();
    expect(field().value).toBe('The long corridor');
    expect(useEditorStore(m.pinia).dirty).toBe(true);
    expect(m.bridge.callsTo('levels.rename')).toEqual([]);
    press('z', { ctrlKey: true }, document.body);
    await settle();
    expect(field().value).toBe(before);
    expect(useEditorStore(m.pinia).dirty).toBe(false);
    press('z', { ctrlKey: true, shiftKey: true }, document.body);
    await settle();
    expect(field().value).toBe('The long corridor');
    await wait(AUTOSAVE_DELAY_MS + 50);
    await settle();
    expect(m.bridge.callsTo('drafts.save').at(-1)).toMatchObject({ content: { title: 'The long corridor' } });
  });

  it('names every tool button and palette entry for assistive technology, with its key', async () => {
    const m = await openEditor();
    const tools = m.wrapper.findAll('[data-testid="editor-toolbar"] button');
    const entries = m.wrapper.findAll('[data-testid="palette-entry"]');
    expect(tools.length).toBeGreaterThan(15);
    expect(entries.length).toBeGreaterThan(3);
    for (const button of [...tools, ...entries]) expect(button.attributes('aria-label'), button.html()).toMatch(/\S/);
    expect(m.wrapper.get('[data-testid="tool-paint"]').attributes('aria-label')).toContain('(B)');
    expect(entries.map((e) => e.attributes('aria-label'))).toContain('Wall (1)');
    // Save says its shortcut; the level's buttons and the grid toggle say what they do.
    expect(m.wrapper.get('[data-testid="editor-save"]').attributes('title')).toMatch(/\(Ctrl\+S\)$/);
    for (const id of ['level-new', 'level-duplicate', 'level-delete']) expect(m.wrapper.get(`[data-testid="${id}"]`).attributes('title'), id).toMatch(/\S/);
    expect(m.wrapper.get('[data-testid="editor-grid-toggle"]').element.parentElement!.getAttribute('title')).toMatch(/\S/);
  });

  it('offers a new level at the open level\'s size', async () => {
    const m = await openEditor();
    const { width, height } = useEditorStore(m.pinia).view!;
    await m.wrapper.get('[data-testid="level-new"]').trigger('click');
    await settle();
    const size = ['new-width', 'new-height'].map((id) => (m.wrapper.get(`[data-testid="${id}"]`).element as HTMLInputElement).value);
    expect(size).toEqual([String(width), String(height)]);
    expect([width, height]).not.toEqual([9, 7]);
  });

  it('pasting text that is no piece of a level (a lone "@") says so instead of doing nothing', async () => {
    const m = await openEditor();
    const before = JSON.stringify(useEditorStore(m.pinia).doc);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { readText: async () => '@', writeText: async () => undefined } });
    await useToolInput().paste();
    await settle();
    expect(m.wrapper.get('[data-testid="edit-refusal"]').text()).toMatch(/Nothing pasted: the clipboard holds "@"/);
    expect(JSON.stringify(useEditorStore(m.pinia).doc)).toBe(before);
  });

  it('a drag paints cell by cell and is one undo step', async () => {
    const m = await openEditor();
    const editor = useEditorStore(m.pinia);
    const input = useToolInput();
    editor.entryId = 'wall';
    const path = [{ x: 1, y: 4 }, { x: 2, y: 4 }, { x: 2, y: 5 }];
    input.down(path[0], 0);
    for (const c of path.slice(1)) input.enter(c);
    await settle();
    // Drawn while the button is down, before the stroke is an edit of the document.
    for (const c of path) expect(cell(m, c.x, c.y).attributes('data-terrain')).toBe('wall');
    expect(editor.canUndo).toBe(false);
    input.up();
    await settle();
    expect(editor.canUndo).toBe(true);
    press('z', { ctrlKey: true }, document.body);
    await settle();
    for (const c of path) expect(cell(m, c.x, c.y).attributes('data-terrain')).toBe('floor');
    expect(editor.canUndo).toBe(false);
  });

  it('marks a second player\'s cell on the board, and its fix removes it', async () => {
    const twoPlayers = { title: '1', board: ['######', '#@$.@#', '######'] };
    const m = await openEditor(new MemoryBridge({ 'drafts.get': () => ({ draft: { content: twoPlayers, contentHash: 'd', baseHash: 'hash-11', updatedAt: '2025-01-02T00:00:00Z' } }) }));
    await m.wrapper.get('[data-testid="draft-restore"]').trigger('click');
    await settle();
    // It does not load, yet the board draws what was put down, and the lint marks the second player.
    expect(pieceAt(m, 4, 1)).toEqual(['player']);
    expect(m.wrapper.find('[data-testid="editor-board"] [data-testid="board-mark"][data-x="4"][data-y="1"]').exists()).toBe(true);
    await m.wrapper.get('[data-testid="lint-item"][data-code="push.player.multiple"] [data-testid="lint-fix"]').trigger('click');
    await settle();
    expect(pieceAt(m, 4, 1)).toEqual([]);
    expect(m.wrapper.findAll('[data-testid="lint-item"]').map((i) => i.attributes('data-code'))).not.toContain('push.player.multiple');
  });

  it('autosaves the draft and asks for the live proof after an edit; the verdict shows par', async () => {
    const m = await openEditor();
    await keys('3', 'ArrowRight', 'ArrowDown', 'Enter');
    await wait(Math.max(AUTOSAVE_DELAY_MS, PROOF_DELAY_MS) + 50);
    await settle();
    const saves = m.bridge.callsTo('drafts.save') as { levelId: number; content: { board: string[] } }[];
    expect(saves.at(-1)?.levelId).toBe(LEVELS[0].id);
    expect(saves.at(-1)?.content.board[1]).toBe('#..#');
    expect(m.bridge.callsTo('editor.prove').length).toBeGreaterThan(0);
    expect(m.wrapper.get('[data-testid="proof-verdict"]').text()).toContain('Solvable, par 9');
    expect(m.wrapper.get('[data-testid="editor-save-state"]').attributes('data-state')).toBe('saved');
  });

  it('numbers the solution path in order, and a legend says what the coloured cells mean', async () => {
    const m = await openEditor();
    await wait(PROOF_DELAY_MS + 50);
    await settle();
    expect(m.wrapper.find('[data-testid="overlay-legend"]').exists()).toBe(false);
    await m.wrapper.get('[data-testid="overlay-path"]').setValue(true);
    await settle();
    // Microban 1's player starts at (2,3); the proof's solution walks right: (3,3) first, then (4,3).
    const labels = m.wrapper.findAll('[data-testid="editor-board"] text.debug-label').map((l) => l.text());
    expect(labels.slice(0, 2)).toEqual(['1', '2']);
    const legend = m.wrapper.findAll('[data-testid="overlay-legend-item"]');
    expect(legend.map((i) => i.attributes('data-set'))).toEqual(['path']);
    expect(legend[0].text()).toMatch(/numbered in the order/);
    await m.wrapper.get('[data-testid="overlay-dead"]').setValue(true);
    await settle();
    expect(m.wrapper.findAll('[data-testid="overlay-legend-item"]').map((i) => i.text())).toContain('Dead squares');
  });

  it('offers a draft the library has back before anything can be edited', async () => {
    const draft = { title: '1', board: ['####', '#@.#', '#$ #', '####'] };
    const bridge = new MemoryBridge({ 'drafts.get': () => ({ draft: { content: draft, contentHash: 'd', baseHash: 'hash-11', updatedAt: '2025-01-02T00:00:00Z' } }) });
    const m = await openEditor(bridge);
    expect(m.wrapper.find('[data-testid="draft-offer"]').exists()).toBe(true);
    await keys('4', 'Enter');
    expect(m.bridge.callsTo('drafts.save')).toEqual([]);
    await m.wrapper.get('[data-testid="draft-restore"]').trigger('click');
    await settle();
    expect(pieceAt(m, 1, 2)).toEqual(['box']);
    expect(m.wrapper.find('[data-testid="draft-offer"]').exists()).toBe(false);
  });

  it('takes no edit before the library has said whether it keeps a draft, and says so, so a quick edit never comes back as an offer of itself', async () => {
    const waiting: (() => void)[] = [];
    const bridge = new MemoryBridge({ 'drafts.get': () => new Promise((resolve) => { waiting.push(() => resolve({ draft: null })); }) });
    const m = await openEditor(bridge);
    const editor = useEditorStore(m.pinia);
    expect(m.wrapper.get('[data-testid="editor-view"]').attributes('data-ready')).toBe('false');
    // Said, not silent: the designer reads why the board takes no edit yet.
    expect(m.wrapper.get('[data-testid="draft-checking"]').attributes('role')).toBe('status');
    expect(m.wrapper.get('[data-testid="draft-checking"]').text()).toMatch(/unsaved draft/);
    expect(m.wrapper.get('[data-testid="editor-work"]').attributes('aria-busy')).toBe('true');
    const before = editor.version;
    editor.entryId = 'box';
    editor.cursor = { x: 1, y: 1 };
    await keys('Enter');
    expect(pieceAt(m, 1, 1)).toEqual([]);
    expect(editor.version).toBe(before);
    expect(waiting.length).toBeGreaterThan(0);
    for (const answer of waiting) answer();
    await settle();
    expect(m.wrapper.get('[data-testid="editor-view"]').attributes('data-ready')).toBe('true');
    expect(m.wrapper.find('[data-testid="draft-checking"]').exists()).toBe(false);
    expect(m.wrapper.get('[data-testid="editor-work"]').attributes('aria-busy')).toBe('false');
    expect(m.wrapper.find('[data-testid="draft-offer"]').exists()).toBe(false);
    expect(m.bridge.callsTo('drafts.save')).toEqual([]);
    editor.entryId = 'box';
    editor.cursor = { x: 1, y: 1 };
    await keys('Enter');
    expect(pieceAt(m, 1, 1)).toEqual(['box']);
    press('z', { ctrlKey: true }, document.body);
    await settle();
    expect(pieceAt(m, 1, 1)).toEqual([]);
  });

  it('play-tests the draft with F5 in the Level view\'s component and comes back with Escape', async () => {
    const m = await openEditor();
    await keys('F5');
    expect(m.wrapper.get('[data-testid="editor-view"]').attributes('data-mode')).toBe('play');
    expect(m.wrapper.find('[data-testid="editor-view"] [data-testid="play-area"]').exists()).toBe(true);
    // While playing, the editing tools are gone: only the way back to editing is offered.
    const toolbar = m.wrapper.get('[data-testid="editor-toolbar"]');
    expect(toolbar.findAll('button').map((b) => b.attributes('data-testid'))).toEqual(['editor-back']);
    await keys('ArrowRight');
    expect(m.wrapper.get('[data-testid="hud-moves"]').text()).toBe('1');
    await keys('Escape');
    expect(m.wrapper.get('[data-testid="editor-view"]').attributes('data-mode')).toBe('edit');
    // The play moved once: leaving keeps it as a recording of the draft.
    await settle();
    const saved = m.bridge.callsTo('recordings.save') as { levelId: number; journal: { type: string; command?: string }[] }[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ levelId: LEVELS[0].id, journal: [{ type: 'command', command: 'r' }] });
  });

  it('asks every channel of the level in the campaign it was opened from (a level may be in several, under other rules)', async () => {
    const m = await openEditor();
    await keys('F5', 'ArrowRight', 'Escape');
    await settle();
    await keys('3', 'ArrowRight', 'ArrowDown', 'Enter');
    await wait(Math.max(AUTOSAVE_DELAY_MS, PROOF_DELAY_MS) + 50);
    await settle();
    const place = { levelId: LEVELS[0].id, campaignId: CAMPAIGN.id };
    for (const channel of ['drafts.get', 'drafts.save', 'editor.prove', 'recordings.save'] as const) {
      const calls = m.bridge.callsTo(channel);
      expect(calls.length, channel).toBeGreaterThan(0);
      for (const call of calls) expect(call, channel).toMatchObject(place);
    }
  });
});
