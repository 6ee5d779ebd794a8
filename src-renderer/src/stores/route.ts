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
  /** A registered panel open over the view (`panel=replay`), if any. */
  readonly panel?: string | null;
  /**
   * The shown view's (or the open panel's) own part of the address, from its `route` behaviour:
   * the replay scrubber's `replay=ID&step=K`.
   */
  readonly params?: Readonly<Record<string, string>>;
}

/** The names the route itself uses; every other `[\w-]` name is a view's or panel's own. */
const OWN = new Set(['view', 'campaign', 'level', 'panel']);
const WORD = /^[\w-]{1,64}$/;

const positive = (text: string | null): number | null => {
  const n = text === null ? NaN : Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function fromParams(params: URLSearchParams): StudioRoute | null {
  const view = params.get('view');
  if (!view || !WORD.test(view)) return null;
  const panel = params.get('panel');
  const own: Record<string, string> = {};
  for (const [name, value] of params) if (!OWN.has(name) && WORD.test(name) && WORD.test(value)) own[name] = value;
  return { view, campaignId: positive(params.get('campaign')), levelId: positive(params.get('level')), panel: panel && WORD.test(panel) ? panel : null, params: own };
}

/** The address text of a route (what `writeRoute` writes). */
export function routeText(route: StudioRoute): string {
  const params = new URLSearchParams({ view: route.view });
  if (route.campaignId !== null) params.set('campaign', String(route.campaignId));
  if (route.levelId !== null) params.set('level', String(route.levelId));
  if (route.panel) params.set('panel', route.panel);
  for (const [name, value] of Object.entries(route.params ?? {})) if (!OWN.has(name) && WORD.test(name) && WORD.test(value)) params.set(name, value);
  return params.toString();
}

/** The route's params as a view's `reopen` reads them. */
export function routeParams(route: StudioRoute): URLSearchParams {
  return new URLSearchParams(routeText(route));
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
  const text = routeText(route);
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
