/**
 * What a command asks the Campaign view to open (`ui.dialog`, as the Library's dialogs): the
 * naming form for an action, or "Suggest order". The view takes the request when it shows and
 * clears it; contributions/campaign.ts sets it after showing the view.
 */
import type { NameAction } from './campaign-actions.ts';

const NAME_PREFIX = 'campaign-name:';
export const SUGGEST_ORDER_REQUEST = 'campaign-suggest';

export function nameRequest(action: NameAction): string {
  return `${NAME_PREFIX}${action}`;
}

const NAME_ACTIONS: readonly NameAction[] = ['new', 'fromSelection', 'rename', 'duplicate', 'chapterAdd', 'chapterRename'];

/** The naming form a request asks for, if it is one. */
export function nameActionOf(request: string | null): NameAction | null {
  if (!request?.startsWith(NAME_PREFIX)) return null;
  const action = request.slice(NAME_PREFIX.length);
  return NAME_ACTIONS.find((a) => a === action) ?? null;
}
