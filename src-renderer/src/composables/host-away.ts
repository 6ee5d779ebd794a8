/**
 * Whether the host is out of reach, and why, for actions that need it: they are disabled with
 * the reason as their tooltip. Any connection state other than open counts as away (a bridge may
 * add states of its own, such as a refused token); a message the bridge gives is shown as it is.
 */
import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { ConnectionStatus } from '../bridge/connection.ts';
import { useUiStore } from '../stores/ui.ts';

/** No connection source (Electron's IPC, tests): the host is in the same app, never away. */
export function isHostAway(status: ConnectionStatus | null): boolean {
  return status !== null && status.state !== 'open';
}

export interface HostAway {
  /** True while requests cannot reach the host. */
  readonly away: ComputedRef<boolean>;
  /** Why, as a sentence (empty while connected). */
  readonly reason: ComputedRef<string>;
  /** The tooltip of an action that needs the host: the reason while away, else `normal`. */
  titleFor(normal: string): string;
}

export function useHostAway(): HostAway {
  const ui = useUiStore();
  const { t } = useI18n();
  const away = computed(() => isHostAway(ui.connection));
  const reason = computed(() => {
    const status = ui.connection;
    if (!status || status.state === 'open') return '';
    const own = (status as { readonly message?: unknown }).message;
    if (typeof own === 'string' && own.trim() !== '') return own;
    return status.authRejected ? t('connection.rejected') : t('hostAway.reason');
  });
  return { away, reason, titleFor: (normal) => (away.value ? reason.value : normal) };
}
