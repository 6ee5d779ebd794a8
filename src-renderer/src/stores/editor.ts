/**
 * The level editor: the open level's document (a draft while edited), its unlimited undo, the
 * tool and palette entry, the cursor, selection and clipboard, lint from the engine, the live
 * proof, the autosaved draft, and play-testing the draft with the real rules. It knows no kind:
 * edits are the generic operations (engine/editing/operations.ts) through the kind's editing facet.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { DraftInfo } from '../../../src-shared/api/studio-api.ts';
import { hasErrors, type Diagnostic, type GridCell } from '../../../src-shared/engine/diagnostics.ts';
import { EditHistory, applyEdit, applyEdits, editGrid, type EditOperation } from '../../../src-shared/engine/editing/operations.ts';
import { canonicalJson } from '../../../src-shared/engine/fingerprint.ts';
import type { AnyRules, CellRect, EditFix, EditGrid, EditingFacet, LevelMeta } from '../../../src-shared/engine/ruleset.ts';
import { gridBoardView } from '../../../src-shared/engine/editing/grid-view.ts';
import { rulesFor } from '../../../src-shared/rulesets/rules-cache.ts';
import { createAutosave, forgetPendingDraft, pendingDraft } from '../services/draft-autosave.ts';
import { createLiveProof } from '../services/live-proof.ts';
import { useApiCall } from './api.ts';
import { useLevelStore } from './level.ts';
import { usePlayStore } from './play.ts';
import { useUiStore } from './ui.ts';

export type EditorTool = 'paint' | 'erase' | 'rect' | 'fill' | 'pick' | 'select' | 'link' | 'swap';
export type EditorMode = 'edit' | 'play';

type Doc = LevelMeta & Record<string, unknown>;

/** A draft found on opening a level, waiting for the designer to take it back or drop it. */
export interface DraftOffer {
  readonly content: unknown;
  readonly updatedAt: string;
  /** Only in this window's write-ahead copy (the library did not get it before the host went down). */
  readonly local: boolean;
}

export const useEditorStore = defineStore('editor', () => {
  const call = useApiCall();
  const ui = useUiStore();
  const level = useLevelStore();
  const play = usePlayStore();
  const autosave = createAutosave(call);
  const proof = createLiveProof(call);

  const levelId = ref<number | null>(null);
  /** The campaign the level was opened from: its rules judge the draft's proof, save and plays. */
  const campaignId = ref<number | undefined>(undefined);
  const inCampaign = (): { campaignId?: number } => (campaignId.value !== undefined ? { campaignId: campaignId.value } : {});
  const rules = shallowRef<AnyRules | undefined>(undefined);
  const doc = shallowRef<Doc | null>(null);
  /** The document as linted and proven (the same as `doc`: a stroke under way is on `strokeGrid`). */
  const committed = shallowRef<Doc | null>(null);
  /** Bumped on every change of the document (the history is not reactive). */
  const version = ref(0);
  let history: EditHistory<Doc> | null = null;
  /** The level as saved (Revert goes back to it). */
  const saved = shallowRef<Doc | null>(null);
  const offer = shallowRef<DraftOffer | null>(null);
  /**
   * False from opening a level until the library has said whether it keeps a draft of it. Nothing
   * can be edited before: an edit then would be written ahead as a draft and come back as an offer
   * of itself (or hide the library's older draft).
   */
  const draftChecked = ref(false);
  const mode = ref<EditorMode>('edit');
  const tool = ref<EditorTool>('paint');
  const entryId = ref<string | null>(null);
  const params = ref<Record<string, string>>({});
  const cursor = ref<GridCell>({ x: 0, y: 0 });
  const selection = ref<CellRect | null>(null);
  const clipboard = shallowRef<EditGrid | null>(null);
  /** First cell of a two-click tool (link, swap) or of a keyboard rectangle. */
  const anchor = ref<GridCell | null>(null);
  const refusal = shallowRef<Diagnostic | null>(null);
  const overlays = ref<Record<string, boolean>>({});
  const grid = ref(true);
  /** The live proof's solution drawn as a path over the board. */
  const showPath = ref(false);
  /** The last level taken out of the campaign, for its undo. */
  const removed = shallowRef<{ removalId: number; title: string } | null>(null);

  const facet = computed<EditingFacet<Doc> | undefined>(() => rules.value?.editing as EditingFacet<Doc> | undefined);
  const editable = computed(() => facet.value !== undefined && doc.value !== null && draftChecked.value && offer.value === null && mode.value === 'edit');
  const canUndo = computed(() => (version.value, history?.canUndo ?? false));
  const canRedo = computed(() => (version.value, history?.canRedo ?? false));
  const entry = computed(() => facet.value?.palette.find((e) => e.id === entryId.value));

  /** What the engine says of the document: why it does not load, else its lint. */
  const loaded = computed(() => {
    const r = rules.value;
    if (!r || !committed.value) return { state: undefined, diagnostics: [] as readonly Diagnostic[] };
    const result = r.load(committed.value);
    const diagnostics = result.level ? r.lint(result.level) : result.diagnostics;
    return { state: result.state, level: result.level, diagnostics };
  });
  const diagnostics = computed(() => loaded.value.diagnostics);
  // An overlay the kind offers only once the level loads (a new room has no player yet) joins the toggles then.
  watch(
    () => loaded.value.state,
    (state) => {
      const ids = state !== undefined ? (rules.value?.overlays?.(state) ?? []).map((o) => o.id) : [];
      const missing = ids.filter((id) => !(id in overlays.value));
      if (missing.length) overlays.value = { ...overlays.value, ...Object.fromEntries(missing.map((id) => [id, false])) };
    },
  );
  /** A stroke under way, on the grid (a drag paints cell by cell without rebuilding the document). */
  const strokeGrid = shallowRef<EditGrid | null>(null);
  let strokeBase: EditGrid | null = null;
  /** The board as drawn: the grid in the palette's looks (it draws a level that does not load, too). */
  const view = computed(() => {
    const f = facet.value;
    if (!f || !doc.value) return undefined;
    return gridBoardView(f, strokeGrid.value ?? f.toGrid(doc.value));
  });

  /**
   * One step of a stroke: `cumulative` edits pile up (paint, erase); otherwise each step starts
   * again from the grid the stroke began on (a rectangle being dragged).
   */
  function strokeStep(op: EditOperation, cumulative: boolean): void {
    const f = facet.value;
    if (!f || !doc.value || !editable.value) return;
    strokeBase ??= f.toGrid(doc.value);
    const from = cumulative ? (strokeGrid.value ?? strokeBase) : strokeBase;
    const outcome = editGrid(f, from, op, doc.value);
    if ('refused' in outcome) return reportRefusal(outcome.refused);
    reportRefusal(undefined);
    strokeGrid.value = outcome.grid;
  }

  /** The stroke becomes one edit of the document (one undo step), if it changed anything. */
  function endStroke(): void {
    const f = facet.value;
    const grid = strokeGrid.value;
    strokeGrid.value = null;
    strokeBase = null;
    if (!f || !grid || !doc.value) return;
    const next = f.fromGrid(grid, doc.value);
    if (canonicalJson(next) !== canonicalJson(doc.value)) setDoc(next, true);
  }
  const fixesFor = (d: Diagnostic): readonly EditFix[] => (loaded.value.level && facet.value?.fixes ? facet.value.fixes(loaded.value.level as Doc, d) : []);

  function reportRefusal(diagnostic: Diagnostic | undefined): void {
    refusal.value = diagnostic ?? null;
  }

  /** A changed document: kept in the history, autosaved, linted, proven. */
  function setDoc(next: Doc, record: boolean): void {
    if (record) history?.push(next);
    doc.value = next;
    committed.value = next;
    version.value++;
    if (!record || levelId.value === null) return;
    autosave.edited(levelId.value, next, saved.value, campaignId.value);
    proof.edited(levelId.value, next, campaignId.value);
  }

  /** Applies edit operations to the document as one undo step; false when refused or nothing changed. */
  function apply(ops: readonly EditOperation[]): boolean {
    const f = facet.value;
    const base = doc.value;
    if (!f || !base || !editable.value) return false;
    const result = ops.length === 1 ? applyEdit(f, base, ops[0]) : applyEdits(f, base, ops);
    reportRefusal(result.diagnostics[0]);
    if (!result.changed) return false;
    setDoc(result.level, true);
    return true;
  }

  function undo(): void {
    const prev = history?.undo();
    if (prev) restoreFromHistory(prev);
  }

  function redo(): void {
    const next = history?.redo();
    if (next) restoreFromHistory(next);
  }

  function restoreFromHistory(next: Doc): void {
    doc.value = next;
    committed.value = next;
    version.value++;
    if (levelId.value === null) return;
    autosave.edited(levelId.value, next, saved.value, campaignId.value);
    proof.edited(levelId.value, next, campaignId.value);
  }

  /** Opens the level in the editor (the level store opens it too), offering back a draft it has. */
  async function open(id: number): Promise<void> {
    if (levelId.value !== null && levelId.value !== id) await autosave.flush();
    if (mode.value === 'play') leavePlay();
    if (level.levelId !== id || !level.detail) await level.open(id);
    const detail = level.detail;
    if (!detail || detail.id !== id) return;
    levelId.value = id;
    draftChecked.value = false;
    campaignId.value = detail.campaignId;
    rules.value = rulesFor(detail.kind, detail.rulesConfig).rules;
    const content = detail.content as Doc;
    saved.value = content;
    history = new EditHistory(content);
    doc.value = content;
    committed.value = content;
    version.value++;
    autosave.reset();
    proof.reset();
    selection.value = null;
    anchor.value = null;
    refusal.value = null;
    cursor.value = { x: 0, y: 0 };
    const f = facet.value;
    entryId.value = f?.palette[0]?.id ?? null;
    tool.value = f && !f.paintable ? 'swap' : 'paint';
    // The kind's overlays (a toggle kept across levels of the kind), and the solution path.
    const start = loaded.value.state;
    const ids = start !== undefined ? (rules.value?.overlays?.(start) ?? []).map((o) => o.id) : [];
    overlays.value = Object.fromEntries(ids.map((id) => [id, overlays.value[id] ?? false]));
    const answer = await call('drafts.get', { levelId: id, ...inCampaign() }, 'editor.errors.draft');
    if (levelId.value !== id) return;
    offer.value = offerOf(id, answer?.draft ?? null);
    draftChecked.value = true;
    if (!offer.value) proof.edited(id, content, campaignId.value);
  }

  /** The library's draft, or this window's newer write-ahead copy. */
  function offerOf(id: number, draft: DraftInfo | null): DraftOffer | null {
    const local = pendingDraft(id);
    if (local && (!draft || local.at > Date.parse(draft.updatedAt))) return { content: local.content, updatedAt: new Date(local.at).toISOString(), local: true };
    return draft ? { content: draft.content, updatedAt: draft.updatedAt, local: false } : null;
  }

  /** Takes the offered draft back: the saved level stays one undo away. */
  function restoreDraft(): void {
    const taken = offer.value;
    if (!taken) return;
    offer.value = null;
    setDoc(taken.content as Doc, true);
  }

  async function discardOffer(): Promise<void> {
    const id = levelId.value;
    if (id === null || !offer.value) return;
    offer.value = null;
    forgetPendingDraft(id);
    await call('drafts.discard', { levelId: id, ...inCampaign() }, 'editor.errors.draft');
    if (doc.value) proof.edited(id, doc.value, campaignId.value);
  }

  /** Save: the draft becomes the level (a new content hash; old proofs and recordings go stale). */
  async function save(): Promise<void> {
    const id = levelId.value;
    if (id === null || !doc.value) return;
    autosave.edited(id, doc.value, saved.value, campaignId.value);
    await autosave.flush();
    const answer = await call('drafts.commit', { levelId: id, ...inCampaign() }, 'editor.errors.save');
    if (!answer) return;
    saved.value = doc.value;
    forgetPendingDraft(id);
    ui.toast({ kind: 'success', title: answer.verified ? 'editor.savedVerified' : 'editor.saved' });
    await level.open(id);
  }

  /** Revert: back to the saved level, as an edit (undo brings the draft back). */
  function revert(): void {
    if (saved.value && doc.value !== saved.value) setDoc(saved.value, true);
  }

  /**
   * A rename is an edit of the document like any other: one undo step, kept in the draft and
   * stored by Save (the title field shows the document's title, so undo brings the old one back).
   */
  function retitle(title: string): void {
    const clean = title.replace(/\s+/g, ' ').trim();
    const current = doc.value;
    if (!current || (current.title ?? '') === clean || !editable.value) return;
    const { title: _old, ...rest } = current;
    setDoc((clean ? { ...rest, title: clean } : rest) as Doc, true);
  }

  const dirty = computed(() => (version.value, doc.value !== null && saved.value !== null && JSON.stringify(doc.value) !== JSON.stringify(saved.value)));

  function playTest(): void {
    const id = levelId.value;
    if (id === null || !rules.value || !doc.value || hasErrors(diagnostics.value)) return;
    endStroke();
    play.start(rules.value, doc.value, { levelId: id, ...inCampaign(), draft: true });
    mode.value = 'play';
  }

  /** Back to editing; the Level view's play-test goes back to the saved level. */
  function leavePlay(): void {
    mode.value = 'edit';
    const detail = level.detail;
    if (detail && rules.value) play.start(rules.value, detail.content, { levelId: detail.id, campaignId: detail.campaignId });
  }

  function close(): void {
    if (mode.value === 'play') leavePlay();
    void autosave.flush();
  }

  watch(
    () => level.detail?.contentHash,
    () => {
      // Saved elsewhere (or after Save): the new saved content is what Revert returns to.
      if (level.detail && level.detail.id === levelId.value) saved.value = level.detail.content as Doc;
    },
  );

  return {
    levelId, rules, doc, version, saved, offer, draftChecked, mode, tool, entryId, params, cursor, selection, clipboard, anchor, refusal, overlays, grid, showPath, removed,
    facet, editable, canUndo, canRedo, entry, loaded, diagnostics, view, dirty, autosave, proof,
    fixesFor, apply, strokeStep, endStroke, retitle, strokeGrid, setDoc, undo, redo, open, restoreDraft, discardOffer, save, revert, playTest, leavePlay, close, reportRefusal,
  };
});
