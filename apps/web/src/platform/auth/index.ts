/**
 * Identity in the browser: the session store (sign-in, sign-out, abilities) and the signed-in HTTP client.
 * Imported once by main.tsx before the router starts, so the first route guard already knows the user.
 */
import { installSession } from './session.ts';

installSession();

export {
  currentUserData,
  endSession,
  homePathFor,
  homeForRole,
  pathAfterSignIn,
  reloadUserData,
  signIn,
  signInWithCode,
  signOut,
  startSession,
  subscribe,
  type SignInResult,
} from './session.ts';
export type { UserData } from './storage.ts';
export { useUserData } from './use-user-data.ts';
