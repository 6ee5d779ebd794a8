/**
 * The views of the navigation rail, registered rather than listed (VS Code's view contributions):
 * a view is one module under `contributions/` that calls `registerView`, plus one line in
 * `contributions/index.ts`. The rail, the shell and the palette read this registry; the view's
 * component is loaded the first time it is shown.
 */
import { defineAsyncComponent, type Component } from 'vue';

export interface ViewBehaviour {
  /** Whether the view can be shown now (the rail greys it out otherwise); absent: always. */
  readonly available?: () => boolean;
  /** Shows the view (opening what it needs first); absent: just show it. */
  readonly show?: () => void;
  /** Something in it is under way (the rail marks it with a dot). */
  readonly busy?: () => boolean;
  /**
   * Its own part of the address while it is shown (names and values of `[\w-]`, e.g. the replay
   * scrubber's recording and step). The shell's route memory is the one writer of the address:
   * a view tells it what to keep by this, never writes the address itself.
   */
  readonly route?: () => Readonly<Record<string, string>> | null;
  /** At start, when the address (or the kept route) names it: the params to reopen what it showed. */
  readonly reopen?: (params: URLSearchParams) => void;
}

export interface ViewDefinition {
  readonly id: string;
  /** Message key of its name. */
  readonly label: string;
  /** SVG path data in a 24×24 box, stroked. */
  readonly icon: string;
  /** Place on the rail, lowest first; Ctrl+1, Ctrl+2, … follow this order. */
  readonly order: number;
  /** The view's component, loaded when the view is first shown. */
  readonly load: () => Promise<{ default: Component } | Component>;
  /** Called once in the shell's setup (stores and the bridge are there): how the view behaves. */
  readonly setup?: () => ViewBehaviour;
}

export interface RegisteredView extends ViewDefinition {
  readonly component: Component;
}

const views = new Map<string, RegisteredView>();

export function registerView(view: ViewDefinition): void {
  if (views.has(view.id)) throw new Error(`A view '${view.id}' is registered already.`);
  views.set(view.id, { ...view, component: defineAsyncComponent(view.load) });
}

/** Every registered view in rail order. */
export function registeredViews(): readonly RegisteredView[] {
  return [...views.values()].sort((a, b) => a.order - b.order);
}

export function viewById(id: string): RegisteredView | undefined {
  return views.get(id);
}

/**
 * A panel any view can open in place (a drawer over the view shown, the view kept): the replay
 * scrubber opened from a recordings list, a report row or a candidate row. Views open one through
 * the ui store (`openPanel(id)`), usually by a shared composable (composables/scrub.ts); the shell
 * draws the one open. Its behaviour (`route`, `reopen`) is a view's.
 */
export interface PanelDefinition {
  readonly id: string;
  readonly load: () => Promise<{ default: Component } | Component>;
  readonly setup?: () => ViewBehaviour;
}

export interface RegisteredPanel extends PanelDefinition {
  readonly component: Component;
}

const panels = new Map<string, RegisteredPanel>();

export function registerPanel(panel: PanelDefinition): void {
  if (panels.has(panel.id)) throw new Error(`A panel '${panel.id}' is registered already.`);
  panels.set(panel.id, { ...panel, component: defineAsyncComponent(panel.load) });
}

export function registeredPanels(): readonly RegisteredPanel[] {
  return [...panels.values()];
}

/** Loads every view's component (tests, and a warm start where it matters). */
export async function preloadViews(): Promise<void> {
  await Promise.all([...registeredViews(), ...registeredPanels()].map((v) => v.load()));
}
