/**
 * The open level: its detail from the library, kept current by `library.changed`, and the
 * play-test it starts (`usePlayStore`) under the level's rules.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { LevelDetail } from '../../../src-shared/api/studio-api.ts';
import type { Diagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { rulesFor } from '../../../src-shared/rulesets/rules-cache.ts';
import { useApiCall } from './api.ts';
import { useLibraryStore } from './library.ts';
import type { ChangeScope } from './change-scope.ts';
import { usePlayStore } from './play.ts';
import { useUiStore } from './ui.ts';

export const useLevelStore = defineStore('level', () => {
  const call = useApiCall();
  const ui = useUiStore();
  const play = usePlayStore();
  const library = useLibraryStore();
  const levelId = ref<number | null>(null);
  const detail = shallowRef<LevelDetail | null>(null);
  const loading = ref(false);
  /** Why the level cannot be played (its document does not load under its rules). */
  const loadDiagnostics = shallowRef<readonly Diagnostic[]>([]);
  const unknownKind = ref(false);
  let request = 0;

  function startPlay(value: LevelDetail): void {
    const { rules, diagnostics, unknownKind: unknown } = rulesFor(value.kind, value.rulesConfig);
    unknownKind.value = unknown === true;
    const problems = play.start(rules, value.content, { levelId: value.id, campaignId: value.campaignId });
    loadDiagnostics.value = rules ? problems : diagnostics;
  }

  /** The campaign a level is opened in: the library's, when it holds the level (a level may be in several, under other rules). */
  function campaignOf(id: number): { campaignId?: number } {
    return library.campaignId !== null && library.levels.some((l) => l.id === id) ? { campaignId: library.campaignId } : {};
  }

  /** The campaign a level's channels (recordings, drafts, proofs) ask in: the one it was opened from. */
  function openedFrom(id: number): { campaignId?: number } {
    return detail.value && detail.value.id === id ? { campaignId: detail.value.campaignId } : campaignOf(id);
  }

  async function open(id: number): Promise<void> {
    const mine = ++request;
    levelId.value = id;
    loading.value = true;
    try {
      const value = await call('library.level', { levelId: id, ...campaignOf(id) }, 'level.errors.load');
      if (mine !== request || !value) return;
      detail.value = value;
      startPlay(value);
    } finally {
      if (mine === request) loading.value = false;
    }
  }

  /** `library.changed`: new badge or verification; a changed document restarts the play-test. */
  async function onChanged(scope: ChangeScope): Promise<void> {
    const current = detail.value;
    if (!current) return;
    if (!scope.all && !scope.levels.has(current.id) && !scope.wholeCampaigns.has(current.campaignId)) return;
    const mine = ++request;
    const value = await call('library.level', { levelId: current.id, campaignId: current.campaignId }, 'level.errors.load');
    if (mine !== request || !value) return;
    detail.value = value;
    if (value.contentHash !== current.contentHash) {
      startPlay(value);
      ui.toast({ kind: 'info', title: 'level.contentChanged' });
    }
  }

  return { levelId, detail, loading, loadDiagnostics, unknownKind, open, onChanged, openedFrom };
});
