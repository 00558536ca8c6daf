import { useSyncExternalStore } from 'react';
import { currentUserData, subscribe } from './session.ts';

/** The signed-in user's stored data (name, unit, abilities, 2FA state), or null; re-renders on change. */
export function useUserData() {
  return useSyncExternalStore(subscribe, currentUserData, currentUserData);
}
