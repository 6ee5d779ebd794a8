/**
 * The open level: its detail from the library and a play-test session on the real engine. The
 * session is plain TypeScript (engine states are not made reactive); the view reads snapshots.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { LevelDetail, ResponseOf } from '../../../src-shared/api/contract.ts';
import type { Diagnostic, GridCell } from '../../../src-shared/engine/diagnostics.ts';
import { bindingForCommand, glyphOf, inputMapFromRules, type InputMap } from '../play/input-map.ts';
import { rulesFor } from '../play/rules.ts';
import { PlaySession, type PlaySnapshot } from '../play/session.ts';
import { useApiCall } from './api.ts';
import type { ChangeScope } from './change-scope.ts';
import { useUiStore } from './ui.ts';

export type HintAnswer = ResponseOf<'play.hint'>;

export interface ShownHint extends HintAnswer {
  /** The position the hint was asked from; a move makes it obsolete. */
  readonly position: number;
  /** Cells the hinted command moves things to (highlighted on the board). */
  readonly cells: readonly GridCell[];
}

export const useLevelStore = defineStore('level', () => {
  const call = useApiCall();
  const ui = useUiStore();
  const levelId = ref<number | null>(null);
  const detail = shallowRef<LevelDetail | null>(null);
  const loading = ref(false);
  /** Why the level cannot be played (its document does not load under its rules). */
  const loadDiagnostics = shallowRef<readonly Diagnostic[]>([]);
  const unknownKind = ref(false);
  const snapshot = shallowRef<PlaySnapshot | null>(null);
  const hint = shallowRef<ShownHint | null>(null);
  const hintPending = ref(false);
  let session: PlaySession | null = null;
  let request = 0;

  const rules = computed(() => (detail.value ? rulesFor(detail.value.kind, detail.value.rulesConfig).rules : undefined));
  const inputMap = computed<InputMap | undefined>(() => (rules.value ? inputMapFromRules(rules.value) : undefined));
  const playable = computed(() => snapshot.value !== null);
  const won = computed(() => snapshot.value?.status === 'won');

  function refreshSnapshot(): void {
    snapshot.value = session ? session.snapshot() : null;
    if (hint.value && snapshot.value && hint.value.position !== snapshot.value.position) hint.value = null;
  }

  function startSession(value: LevelDetail): void {
    const { rules, diagnostics, unknownKind: unknown } = rulesFor(value.kind, value.rulesConfig);
    unknownKind.value = unknown === true;
    session = null;
    hint.value = null;
    if (rules) {
      const started = PlaySession.start(rules, value.content);
      session = started.session ?? null;
      loadDiagnostics.value = started.session ? [] : started.diagnostics;
    } else {
      loadDiagnostics.value = diagnostics;
    }
    refreshSnapshot();
  }

  async function open(id: number): Promise<void> {
    const mine = ++request;
    levelId.value = id;
    loading.value = true;
    try {
      const value = await call('library.level', { levelId: id }, 'level.errors.load');
      if (mine !== request || !value) return;
      detail.value = value;
      startSession(value);
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
    const value = await call('library.level', { levelId: current.id }, 'level.errors.load');
    if (mine !== request || !value) return;
    detail.value = value;
    if (value.contentHash !== current.contentHash) {
      startSession(value);
      ui.toast({ kind: 'info', title: 'level.contentChanged' });
    }
  }

  function command(text: string): void {
    if (!session) return;
    if (session.command(text) !== 'unknown-command') refreshSnapshot();
  }

  function undo(): void {
    if (session?.undo()) refreshSnapshot();
  }

  function redo(): void {
    if (session?.redo()) refreshSnapshot();
  }

  function restart(): void {
    if (!session) return;
    session.restart();
    refreshSnapshot();
  }

  /** `play.hint` from the position reached so far; the answer is dropped if the player moved on. */
  async function askHint(): Promise<void> {
    const current = detail.value;
    if (!session || !current || hintPending.value || session.status !== 'playing') return;
    const position = snapshot.value?.position ?? 0;
    const asking = session;
    hintPending.value = true;
    try {
      const value = await call('play.hint', { levelId: current.id, commands: asking.encodedCommands }, 'play.errors.hint');
      if (!value || session !== asking || snapshot.value?.position !== position) return;
      const cells: GridCell[] = [];
      if (value.command !== null) {
        asking.recordHint(value.command);
        for (const event of asking.preview(value.command)) if (event.to) cells.push(event.to);
      }
      hint.value = { ...value, position, cells };
      refreshSnapshot();
    } finally {
      hintPending.value = false;
    }
  }

  const hintBinding = computed(() => (hint.value?.command ? bindingForCommand(inputMap.value, hint.value.command) : undefined));
  /** The hinted command as a picture, whether or not a key sends it. */
  const hintGlyph = computed(() => (hint.value?.command ? glyphOf(rules.value, hint.value.command) : undefined));

  /** A click on a board cell: the rules say which command it means, if any. */
  function clickCell(cell: GridCell): void {
    const current = rules.value;
    if (!session || !current?.commandAt) return;
    const state = session.currentState;
    const commandAtCell = current.commandAt(state, cell);
    if (commandAtCell !== undefined) command(current.encodeCommand(commandAtCell));
  }

  return {
    levelId, detail, loading, loadDiagnostics, unknownKind, snapshot, hint, hintPending, inputMap, playable, won, hintBinding, hintGlyph,
    open, onChanged, command, undo, redo, restart, askHint, clickCell,
  };
});
