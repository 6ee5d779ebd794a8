/**
 * Renderer entry: i18n, pinia, the bridge to whichever host exists, and the shell.
 */
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import { config as zodConfig } from 'zod';
import App from './App.vue';
import { BRIDGE_KEY } from './bridge/context.ts';
import { selectBridge } from './bridge/select.ts';
import { createStudioI18n } from './i18n/index.ts';
import { initialLocale } from './i18n/locale.ts';
import { useUiStore } from './stores/ui.ts';
import './styles/theme.css';
import './styles/base.css';
import './styles/board.css';
import './styles/board-interaction.css';

// The contract's schemas are checked here too; zod's compiled checks use `new Function`, which the
// page's CSP (script-src 'self') forbids, so run the interpreter instead.
zodConfig({ jitless: true });

const i18n = createStudioI18n(initialLocale());
const pinia = createPinia();
let reportProtocolError: (message: string) => void = (message) => console.error(message);
const translate = (key: string, params?: Record<string, string | number>) => i18n.global.t(key, params ?? {});
const selected = selectBridge(window, translate, (message) => reportProtocolError(message));

const app = createApp(App, { connection: selected.connection, hasToken: selected.hasToken });
app.use(pinia);
app.use(i18n);
app.provide(BRIDGE_KEY, selected.bridge);
app.mount('#app');
document.title = i18n.global.t('app.name');

const ui = useUiStore(pinia);
reportProtocolError = (message) => {
  console.error(message);
  ui.toast({ kind: 'error', title: 'errors.protocol', detail: message, advice: 'errors.advice.protocol' });
};
