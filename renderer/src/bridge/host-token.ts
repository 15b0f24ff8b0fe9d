/**
 * The web host opens the counter at `/#token=<token>`. The token is taken from the address once,
 * kept in this tab's sessionStorage (so a reload still works), and removed from the address bar so
 * it is not left in history, bookmarks or screenshots.
 */

export const TOKEN_STORAGE_KEY = 'esim-counter.host-token';

export interface HashSplit {
  readonly token: string | null;
  /** The hash without the token ("" when nothing else was there). */
  readonly rest: string;
}

export function splitTokenFromHash(hash: string): HashSplit {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  params.delete('token');
  const rest = params.toString();
  return { token: token && token.length > 0 ? token : null, rest: rest ? `#${rest}` : '' };
}

export function takeHostToken(): string | null {
  const { token, rest } = splitTokenFromHash(window.location.hash);
  if (token) {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${rest}`);
    return token;
  }
  return window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
}
