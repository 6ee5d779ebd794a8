/**
 * The browser host's access token arrives in the page address (`?token=` or `#token=`). It is kept
 * in sessionStorage so a reload still works, and removed from the visible address so it does not
 * end up in a screenshot, a bookmark or a bug report.
 */
export const TOKEN_STORAGE_KEY = 'gridwright.hostToken';

export interface TokenSources {
  readonly location: Pick<Location, 'href'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
}

export function takeHostToken({ location, storage, history }: TokenSources): string | null {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fromUrl = url.searchParams.get('token') ?? hash.get('token');
  if (fromUrl) {
    try {
      storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the token then lives only as long as this page.
    }
    url.searchParams.delete('token');
    hash.delete('token');
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
    history.replaceState(history.state, '', url.toString());
    return fromUrl;
  }
  try {
    return storage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** `ws://<host>/api?token=…` on the page's own host (wss when the page came over https). */
export function hostSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}/api${query}`;
}
