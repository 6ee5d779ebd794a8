/** How stores reach the host: the app provides one bridge; stores inject it. */
import { inject, type InjectionKey } from 'vue';
import type { StudioBridge } from '../../../src-shared/api/bridge.ts';

export const BRIDGE_KEY: InjectionKey<StudioBridge> = Symbol('gridwright.bridge');

export function useBridge(): StudioBridge {
  const bridge = inject(BRIDGE_KEY, undefined);
  if (!bridge) throw new Error('No Studio bridge was provided to the app (app.provide(BRIDGE_KEY, bridge)).');
  return bridge;
}
