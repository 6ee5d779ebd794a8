// @vitest-environment happy-dom
/**
 * Unsaved drafts are offered as soon as the studio starts, not only when their level is opened
 * again: the shell lists each draft's level and campaign; Open takes the draft back in the editor,
 * Discard drops it in the library.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftSummary } from '../../src-shared/api/editor.ts';
import { useEditorStore } from '../../src-renderer/src/stores/editor.ts';
import { CAMPAIGN, LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  localStorage.clear();
  document.body.innerHTML = '';
});

const DRAFT_BOARD = { board: ['######', '#@ $.#', '######'] };
const summary = (level: (typeof LEVELS)[number], updatedAt: string): DraftSummary => ({
  levelId: level.id,
  levelTitle: level.title ?? null,
  campaignId: CAMPAIGN.id,
  campaignName: CAMPAIGN.name,
  position: level.position,
  updatedAt,
});

function bridgeWithDrafts(): MemoryBridge {
  return new MemoryBridge({
    'drafts.list': () => ({ drafts: [summary(LEVELS[2], '2025-01-03T00:00:00Z'), summary(LEVELS[0], '2025-01-02T00:00:00Z')] }),
    'drafts.get': ({ levelId }) => ({ draft: levelId === LEVELS[2].id ? { content: DRAFT_BOARD, contentHash: 'd', baseHash: 'b', updatedAt: '2025-01-03T00:00:00Z' } : null }),
  });
}

const rows = (m: Mounted) => m.wrapper.findAll('[data-testid="drafts-offer-row"]');

describe('unsaved drafts offered at start', () => {
  it('lists every draft with its level and campaign while the Library is shown', async () => {
    current = await mountStudio(bridgeWithDrafts());
    expect(current.wrapper.get('.app').attributes('data-view')).toBe('library');
    expect(current.bridge.callsTo('drafts.list')).toEqual([{}]);
    expect(rows(current).map((r) => r.attributes('data-level-id'))).toEqual([String(LEVELS[2].id), String(LEVELS[0].id)]);
    expect(rows(current)[0].text()).toContain(`${LEVELS[2].title} in ${CAMPAIGN.name}`);
  });

  it('Open shows the editor on that level with the draft taken back', async () => {
    current = await mountStudio(bridgeWithDrafts());
    await rows(current)[0].get('[data-testid="drafts-offer-open"]').trigger('click');
    await settle();
    expect(current.wrapper.get('.app').attributes('data-view')).toBe('editor');
    const editor = useEditorStore(current.pinia);
    expect(editor.levelId).toBe(LEVELS[2].id);
    expect(editor.doc).toEqual(DRAFT_BOARD);
    expect(current.wrapper.find('[data-testid="draft-offer"]').exists()).toBe(false);
    expect(rows(current).map((r) => r.attributes('data-level-id'))).toEqual([String(LEVELS[0].id)]);
  });

  it('Discard drops the draft in the library and takes its row away', async () => {
    current = await mountStudio(bridgeWithDrafts());
    await rows(current)[1].get('[data-testid="drafts-offer-discard"]').trigger('click');
    await settle();
    expect(current.bridge.callsTo('drafts.discard')).toEqual([{ levelId: LEVELS[0].id, campaignId: CAMPAIGN.id }]);
    expect(rows(current).map((r) => r.attributes('data-level-id'))).toEqual([String(LEVELS[2].id)]);
  });

  it('offers nothing when nothing is unsaved', async () => {
    current = await mountStudio(new MemoryBridge());
    expect(current.wrapper.find('[data-testid="drafts-offer"]').exists()).toBe(false);
  });
});
