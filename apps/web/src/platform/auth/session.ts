import { createMongoAbility } from '@casl/ability';
import { ACCOUNT_PAGES, WORKSPACE_PATH } from '@portal/domain/accounts';
import { anonymousAccess, bindAccessSource, type Access } from '../../app/access.ts';
import { ApiError, apiFetch, bindSender } from '../../app/api-client.ts';
import { solveChallenge } from '../challenge/solve.ts';
import { authFetch, onSessionExpired } from '../http.ts';
import {
  STORAGE_KEYS,
  clearSessionStorage,
  readTokens,
  readUserData,
  writeTokens,
  writeUserData,
  type TokenPair,
  type UserData,
} from './storage.ts';

/**
 * The session store: who is signed in (from local storage), their abilities (CASL, from the rules the API
 * derived from their user type), sign-in in one or two steps, sign-out. The shell's guard, menu and header
 * read it through the access source bound here.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let access: Access = anonymousAccess;
let userData: UserData | null = null;

/** Where a signed-in user belongs: their workspace (the page of what they may open). */
export function homePathFor(data: UserData | null): string {
  return data ? WORKSPACE_PATH : ACCOUNT_PAGES.login;
}

/**
 * Spec §4: the home page of a role — where sign-in leads and where a signed-in user opening a sign-in page is
 * sent. Every role, administrators included, lands on its workspace (what waits for it); `/` leads there too
 * for a signed-in user (app/router.tsx), so the spec's "administrator to /" ends on the same page. Anyone else
 * goes back to sign-in. The public pages stay reachable by their own paths.
 */
export function homeForRole(role: UserData['role'] | null): string {
  if (role === 'admin' || role === 'client') return WORKSPACE_PATH;
  return ACCOUNT_PAGES.login;
}

export function pathAfterSignIn(data: UserData): string {
  return homeForRole(data.role);
}

function build(): void {
  userData = readUserData();
  const { accessToken } = readTokens();
  // Signed in = user data and an access token are stored (spec §4).
  if (!userData || !accessToken) {
    userData = null;
    access = anonymousAccess;
    return;
  }
  access = {
    loggedIn: true,
    role: userData.role,
    ability: createMongoAbility(userData.ability),
    homePath: homePathFor(userData),
    user: {
      userId: userData.userId,
      userName: userData.userName,
      fullName: userData.fullName,
      avatar: userData.avatar,
    },
  };
}

function emit(): void {
  build();
  listeners.forEach((l) => l());
}

export function currentUserData(): UserData | null {
  return access.loggedIn ? userData : null;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Store a new session (tokens and user data) and tell every listener. */
export function startSession(pair: TokenPair, data: UserData): void {
  writeTokens(pair);
  writeUserData(data);
  emit();
}

/** Forget the session locally. */
export function endSession(): void {
  clearSessionStorage();
  emit();
}

export type SignInResult = { kind: 'signedIn'; userData: UserData } | { kind: 'twoFactor'; twoFactorToken: string };

type LoginAnswer = (TokenPair & { userData: UserData }) | { twoFactorRequired: true; twoFactorToken: string };

/**
 * Sign in with name and password. When the address has made many failed sign-ins the API asks for its step-up
 * challenge (LOGIN_CHALLENGE_REQUIRED): the browser solves it (a fraction of a second) and sends again, once.
 */
export async function signIn(userName: string, password: string): Promise<SignInResult> {
  const login = (challenge?: { token: string; nonce: string }) =>
    apiFetch<LoginAnswer>('/api/Account/login', { method: 'POST', body: { userName, password, challenge } });
  let res: LoginAnswer;
  try {
    res = await login();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'LOGIN_CHALLENGE_REQUIRED') throw err;
    const challenge = await apiFetch<{ token: string; difficulty: number }>('/api/Account/login-challenge');
    res = await login({ token: challenge.token, nonce: await solveChallenge(challenge.token, challenge.difficulty) });
  }
  if ('twoFactorRequired' in res) return { kind: 'twoFactor', twoFactorToken: res.twoFactorToken };
  startSession(res, res.userData);
  return { kind: 'signedIn', userData: res.userData };
}

export async function signInWithCode(twoFactorToken: string, code: string): Promise<UserData> {
  const res = await apiFetch<TokenPair & { userData: UserData }>('/api/Account/login-two-factor', {
    method: 'POST',
    body: { twoFactorToken, code },
  });
  startSession(res, res.userData);
  return res.userData;
}

/** Sign out on the server (ends the session's tokens) and locally, whatever the server answers. */
export async function signOut(): Promise<void> {
  const { refreshToken } = readTokens();
  try {
    await apiFetch('/api/Account/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {} });
  } catch {
    // Offline or already ended: the local session goes anyway.
  }
  endSession();
}

/** Re-read the signed-in user (abilities, name, avatar) after a change. */
export async function reloadUserData(): Promise<UserData | null> {
  if (!access.loggedIn) return null;
  try {
    const data = await apiFetch<UserData>('/api/Account/info');
    writeUserData(data);
    emit();
    return data;
  } catch {
    return currentUserData();
  }
}

let installed = false;

/** Bind the session to the shell (guard, menu, header) and the API client. Once, at start-up. */
export function installSession(): void {
  // The build's prerender renders pages without a browser: there is no session to bind.
  if (installed || typeof window === 'undefined') return;
  installed = true;
  build();
  bindSender(authFetch);
  bindAccessSource({ get: () => access, subscribe, signOut });
  onSessionExpired(() => {
    emit();
    const here = window.location.pathname + window.location.search;
    const redirect = here.startsWith(ACCOUNT_PAGES.login) ? '' : `?redirect=${encodeURIComponent(here)}`;
    window.location.assign(`${ACCOUNT_PAGES.login}${redirect}`);
  });
  // Another tab signed in or out, or renewed the tokens: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !Object.values<string>(STORAGE_KEYS).includes(event.key)) return;
    const wasSignedIn = access.loggedIn;
    emit();
    if (wasSignedIn && !access.loggedIn) window.location.assign(ACCOUNT_PAGES.login);
  });
  // Abilities may have changed since the last visit (user type edited): refresh them in the background.
  if (access.loggedIn) void reloadUserData();
}
