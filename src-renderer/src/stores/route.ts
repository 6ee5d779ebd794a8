/**
 * Where the designer is (the view, the campaign, the level) kept across a reload and a reopened
 * window: in the page address's hash (a browser reload, a bookmark) and in localStorage (the window
 * reopened). The address wins: it is this tab's own. The library store starts from it; the shell
 * writes it as the designer moves and shows the view again (shell/route-memory.ts).
 */
export const ROUTE_STORAGE_KEY = 'gridwright.route';

export interface StudioRoute {
  /** A registered view's id. */
  readonly view: string;
  readonly campaignId: number | null;
  readonly levelId: number | null;
}

const positive = (text: string | null): number | null => {
  const n = text === null ? NaN : Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function fromParams(params: URLSearchParams): StudioRoute | null {
  const view = params.get('view');
  if (!view || !/^[\w-]{1,64}$/.test(view)) return null;
  return { view, campaignId: positive(params.get('campaign')), levelId: positive(params.get('level')) };
}

function toParams(route: StudioRoute): string {
  const params = new URLSearchParams({ view: route.view });
  if (route.campaignId !== null) params.set('campaign', String(route.campaignId));
  if (route.levelId !== null) params.set('level', String(route.levelId));
  return params.toString();
}

/** The route to reopen: the address's, else the one this window kept last, else none. */
export function readRoute(): StudioRoute | null {
  try {
    const hash = globalThis.location?.hash ?? '';
    const fromHash = fromParams(new URLSearchParams(hash.replace(/^#/, '')));
    if (fromHash) return fromHash;
    const kept = globalThis.localStorage?.getItem(ROUTE_STORAGE_KEY);
    return kept ? fromParams(new URLSearchParams(kept)) : null;
  } catch {
    return null;
  }
}

/** Keeps the route in the address (replacing, so Back is not flooded) and in storage. */
export function writeRoute(route: StudioRoute): void {
  const text = toParams(route);
  try {
    globalThis.localStorage?.setItem(ROUTE_STORAGE_KEY, text);
  } catch {
    // Storage off: the address still keeps it for a reload.
  }
  try {
    const location = globalThis.location;
    if (location && location.hash !== `#${text}`) globalThis.history?.replaceState(globalThis.history.state, '', `${location.pathname}${location.search}#${text}`);
  } catch {
    // No address to write (tests without a page).
  }
}
