/**
 * The rule inspector's state: the open campaign's ruleset (config, fingerprint, the campaigns
 * sharing it), its versions, and the last refusal of a save. Saving and reverting go to the host,
 * which tells every sharing campaign (`library.changed`): the library's badges follow by
 * themselves.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ResponseOf } from '../../../../src-shared/api/studio-api.ts';
import type { RulesVersion } from '../../../../src-shared/api/rules.ts';
import { useBridge } from '../../bridge/context.ts';
import { useUiStore } from '../../stores/ui.ts';

export type CampaignRules = ResponseOf<'rules.get'>;

/** The text the editor starts from: a config as the inspector writes it. */
export const configText = (config: unknown): string => `${JSON.stringify(config ?? {}, null, 2)}\n`;

export const useRulesStore = defineStore('rules', () => {
  const bridge = useBridge();
  const ui = useUiStore();
  const rules = shallowRef<CampaignRules | null>(null);
  const versions = shallowRef<readonly RulesVersion[]>([]);
  const loading = ref(false);
  const saving = ref(false);
  /** Why the host refused the last save or revert (its words name the line and field). */
  const refusal = ref<string | null>(null);
  let request = 0;

  async function load(campaignId: number | null): Promise<void> {
    const mine = ++request;
    refusal.value = null;
    if (campaignId === null) {
      rules.value = null;
      versions.value = [];
      return;
    }
    loading.value = true;
    try {
      const [got, listed] = await Promise.all([bridge.invoke('rules.get', { campaignId }), bridge.invoke('rules.versions', { campaignId })]);
      if (mine !== request) return;
      if (!got.ok) return ui.reportError('rules.errors.load', got.error);
      if (!listed.ok) return ui.reportError('rules.errors.load', listed.error);
      rules.value = got.value;
      versions.value = listed.value.versions;
    } finally {
      if (mine === request) loading.value = false;
    }
  }

  async function finish(result: Awaited<ReturnType<typeof bridge.invoke<'rules.save'>>>, title: string): Promise<boolean> {
    if (!result.ok) {
      if (result.error.code === 'invalid-request') refusal.value = result.error.message;
      else ui.reportError(title, result.error);
      return false;
    }
    refusal.value = null;
    const { version, changed } = result.value;
    ui.toast({ kind: 'info', title: changed ? 'rules.saved' : 'rules.unchanged', params: { n: version.number } });
    await load(rules.value?.campaignId ?? null);
    return true;
  }

  /** Save the editor's text as a new version; false when refused (see `refusal`). */
  async function save(text: string, note: string): Promise<boolean> {
    const current = rules.value;
    if (!current || saving.value) return false;
    saving.value = true;
    try {
      const result = await bridge.invoke('rules.save', { campaignId: current.campaignId, text, ...(note.trim() ? { note: note.trim() } : {}), baseVersionId: current.version.id });
      return await finish(result, 'rules.errors.save');
    } finally {
      saving.value = false;
    }
  }

  async function revert(versionId: number): Promise<boolean> {
    const current = rules.value;
    if (!current || saving.value) return false;
    saving.value = true;
    try {
      return await finish(await bridge.invoke('rules.revert', { campaignId: current.campaignId, versionId }), 'rules.errors.revert');
    } finally {
      saving.value = false;
    }
  }

  function clearRefusal(): void {
    refusal.value = null;
  }

  return { rules, versions, loading, saving, refusal, load, save, revert, clearRefusal };
});
