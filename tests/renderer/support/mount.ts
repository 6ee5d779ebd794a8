/** Mounts renderer components the way main.ts does: pinia, i18n and a bridge (checked by the contract). */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Component } from 'vue';
import App from '../../../src-renderer/src/App.vue';
import { BRIDGE_KEY } from '../../../src-renderer/src/bridge/context.ts';
import { ValidatingBridge } from '../../../src-renderer/src/bridge/validating-bridge.ts';
import { createStudioI18n } from '../../../src-renderer/src/i18n/index.ts';
import { ROUTE_STORAGE_KEY } from '../../../src-renderer/src/stores/route.ts';
import { preloadViews } from '../../../src-renderer/src/views/registry.ts';
import { MemoryBridge } from './memory-bridge.ts';

export interface Mounted {
  readonly wrapper: VueWrapper;
  readonly bridge: MemoryBridge;
  readonly protocolErrors: string[];
  /** The window's stores (the active pinia may be an earlier test's, set again by its late work). */
  readonly pinia: Pinia;
}

/**
 * A new window on a fresh route (the Library), unless `reopen` says it is a reload or a reopened
 * window: then the route the address or storage kept is where it opens.
 */
export async function mountStudio(bridge: MemoryBridge = new MemoryBridge(), component: Component = App, options: { reopen?: boolean } = {}): Promise<Mounted> {
  if (!options.reopen) forgetRoute();
  // Views load lazily; loading them first keeps a test's settle() about the bridge, not the module loader.
  await preloadViews();
  const i18n = createStudioI18n();
  const pinia = createPinia();
  setActivePinia(pinia);
  const protocolErrors: string[] = [];
  const translate = (key: string, params?: Record<string, string | number>) => i18n.global.t(key, params ?? {});
  const checked = new ValidatingBridge(bridge, translate, (m) => protocolErrors.push(m));
  const host = document.createElement('div');
  document.body.append(host);
  const wrapper = mount(component, {
    attachTo: host,
    global: { plugins: [pinia, i18n], provide: { [BRIDGE_KEY as symbol]: checked } },
  });
  await settle();
  return { wrapper, bridge, protocolErrors, pinia };
}

/** Lets every pending bridge answer and re-render land. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await flushPromises();
}

export function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = document.activeElement ?? document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function forgetRoute(): void {
  try {
    globalThis.localStorage?.removeItem(ROUTE_STORAGE_KEY);
    if (globalThis.location?.hash) globalThis.history.replaceState(null, '', globalThis.location.pathname + globalThis.location.search);
  } catch {
    // No page (a node test): nothing was kept.
  }
}
