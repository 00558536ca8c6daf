import { ACCOUNT_PAGES } from '@portal/domain/accounts';
import { clearSessionStorage, readTokens, writeTokens, type TokenPair } from './auth/storage.ts';

/**
 * The signed-in HTTP client (spec §4 and §8): every request carries the bearer token; on a 401 the client
 * refreshes the tokens once — requests that fail or start meanwhile wait for that one refresh and are then
 * replayed — and a failed refresh is tried once more before the session is cleared and the user is sent to
 * the sign-in page.
 *
 * Tabs share one session (local storage): a refresh runs under a Web Lock when the browser has them, and a tab
 * that finds the tokens already renewed by another tab just replays its request.
 */

const REFRESH_URL = '/api/Account/refresh-token';
/** Calls whose 401 means "wrong credentials", never "expired token". */
const NO_REFRESH = /^\/api\/Account\/(login|login-two-factor|refresh-token|logout)(\?|$)/;

let refreshing: Promise<boolean> | null = null;
let onExpired: (() => void) | null = null;

/** What to do when the session cannot be renewed (the session store clears its state and redirects). */
export function onSessionExpired(handler: () => void): void {
  onExpired = handler;
}

function withBearer(init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return { ...init, headers };
}

async function exchange(): Promise<boolean> {
  const { accessToken, refreshToken } = readTokens();
  if (!refreshToken) return false;
  try {
    const res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refreshToken, ...(accessToken ? { accessToken } : {}) }),
    });
    if (!res.ok) return false;
    const pair = (await res.json()) as TokenPair;
    if (!pair.accessToken || !pair.refreshToken) return false;
    writeTokens(pair);
    return true;
  } catch {
    return false; // network failure: counts as a failed attempt
  }
}

async function underLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return work();
  return locks.request('cong-atvsld-token-refresh', work) as Promise<T>;
}

/**
 * Renew the tokens after `staleToken` was refused. One refresh at a time per tab (everyone waiting shares it)
 * and per browser (lock); true when a usable access token is stored afterwards.
 */
export function refreshTokens(staleToken: string | null): Promise<boolean> {
  refreshing ??= underLock(async () => {
    // Another tab (or an earlier refresh) already replaced the refused token: nothing to do.
    const current = readTokens().accessToken;
    if (current && current !== staleToken) return true;
    if (await exchange()) return true;
    // Spec: a failed refresh is retried once more. Re-read first: another tab may have succeeded meanwhile.
    const again = readTokens().accessToken;
    if (again && again !== staleToken) return true;
    return exchange();
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function expire(): void {
  clearSessionStorage();
  if (onExpired) onExpired();
  else window.location.assign(ACCOUNT_PAGES.login);
}

/** fetch with the session: bearer token, one shared refresh on 401, replay, sign-out when renewal fails. */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
  // Requests that start while a refresh is running wait for it instead of failing with the old token.
  if (refreshing) await refreshing;
  const token = readTokens().accessToken;
  const res = await fetch(input, withBearer(init, token));
  const path = input.startsWith('http') ? new URL(input).pathname : input;
  if (res.status !== 401 || !token || NO_REFRESH.test(path)) return res;
  if (!(await refreshTokens(token))) {
    expire();
    return res;
  }
  return fetch(input, withBearer(init, readTokens().accessToken));
}
