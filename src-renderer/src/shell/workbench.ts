/**
 * The shell's view of the registries: every registered view with its behaviour, every contributed
 * command (each view's "Go to" command among them, Ctrl+1… by rail order) and the context their
 * clauses read. Made once in App's setup and provided to the rail and the palette.
 */
import { computed, inject, type ComputedRef, type InjectionKey } from 'vue';
import { useI18n } from 'vue-i18n';
import { always, commandSources, isKeyRunnable, isRunnable, type Command, type CommandContext, type ContextValue } from '../commands/registry.ts';
import { useUiStore } from '../stores/ui.ts';
import { registeredPanels, registeredViews, type RegisteredPanel, type RegisteredView, type ViewBehaviour } from '../views/registry.ts';

export interface ShownView extends RegisteredView, ViewBehaviour {
  /** Ctrl+<n> shows it (the first nine views). */
  readonly shortcutKey?: string;
}

export type ShownPanel = RegisteredPanel & ViewBehaviour;

export interface Workbench {
  readonly views: readonly ShownView[];
  /** Every registered panel with its behaviour (the shell draws the one `ui.panel` names). */
  readonly panels: readonly ShownPanel[];
  readonly context: ComputedRef<CommandContext>;
  /** Commands whose `when` holds now (what the palette lists). */
  readonly listed: ComputedRef<readonly Command[]>;
  /** Commands a key may run now, in order (what the key handler tries). */
  readonly runnable: ComputedRef<readonly Command[]>;
  /** Every contributed command, whatever its clauses say. */
  readonly all: ComputedRef<readonly Command[]>;
  isEnabled(command: Command): boolean;
  show(viewId: string): void;
}

export const WORKBENCH_KEY: InjectionKey<Workbench> = Symbol('workbench');

export function createWorkbench(): Workbench {
  const { t } = useI18n();
  const ui = useUiStore();
  const views: ShownView[] = registeredViews().map((view, i) => ({ ...view, ...view.setup?.(), ...(i < 9 ? { shortcutKey: String(i + 1) } : {}) }));
  const panels: ShownPanel[] = registeredPanels().map((panel) => ({ ...panel, ...panel.setup?.() }));
  // The first view on the rail opens first.
  if (!views.some((v) => v.id === ui.view) && views[0]) ui.view = views[0].id;
  const contributions = commandSources().map((source) => ({ order: source.order, ...source.setup() }));
  const keys: [string, () => ContextValue][] = contributions.flatMap((c) => Object.entries(c.context ?? {}));

  const context = computed<CommandContext>(() => {
    const values: Record<string, ContextValue> = {};
    for (const [name, read] of keys) values[name] = read();
    return { ...values, view: ui.view };
  });

  function show(viewId: string): void {
    const view = views.find((v) => v.id === viewId);
    if (!view) return;
    if (view.show) view.show();
    else ui.show(view.id);
  }

  const viewCommands = computed<Command[]>(() =>
    views.map((view) => ({
      id: `view.${view.id}`,
      label: 'commands.showView',
      labelParams: { view: t(view.label) },
      group: 'commands.group.general',
      shortcuts: view.shortcutKey ? [{ key: view.shortcutKey, mod: true }] : [],
      when: always,
      enabled: () => view.available?.() ?? true,
      run: () => show(view.id),
    })),
  );

  const all = computed<readonly Command[]>(() => {
    // The shell's own commands (order 0 and below) first, then the views' "Go to", then each view's.
    const shell = contributions.filter((c) => c.order <= 0).flatMap((c) => c.commands());
    const rest = contributions.filter((c) => c.order > 0).flatMap((c) => c.commands());
    return [...shell, ...viewCommands.value, ...rest];
  });
  const listed = computed(() => all.value.filter((c) => c.when(context.value)));
  const runnable = computed(() => all.value.filter((c) => isKeyRunnable(c, context.value)));

  return { views, panels, context, listed, runnable, all, isEnabled: (c) => isRunnable(c, context.value), show };
}

export function useWorkbench(): Workbench {
  const workbench = inject(WORKBENCH_KEY);
  if (!workbench) throw new Error('useWorkbench() needs the shell (App.vue provides it).');
  return workbench;
}
