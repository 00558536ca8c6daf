import { useSyncExternalStore } from 'react';
import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { HOME_PATH } from './route-types.ts';

/** The signed-in user as the shell shows them (header, user menu). */
export interface SessionUser {
  userId: string;
  userName: string;
  fullName: string | null;
  avatar: string | null;
}

/** What the route guard, the menu and the header need to know about the caller. */
export interface Access {
  loggedIn: boolean;
  role: 'admin' | 'client' | null;
  ability: MongoAbility;
  /** Where this user lands (root of a redirect-if-logged-in page, "back home" links). */
  homePath: string;
  user: SessionUser | null;
}

/** Where the session lives: the identity module binds its store here (sign-in, refresh, sign-out). */
export interface AccessSource {
  get(): Access;
  subscribe(listener: () => void): () => void;
  signOut(): Promise<void>;
}

/** Everyone before signing in: the spec's default ability, read on Auth. */
export const anonymousAccess: Access = {
  loggedIn: false,
  role: null,
  ability: createMongoAbility([{ action: 'read', subject: 'Auth' }]),
  homePath: HOME_PATH,
  user: null,
};

let source: AccessSource = {
  get: () => anonymousAccess,
  subscribe: () => () => {},
  signOut: async () => {},
};

export function bindAccessSource(next: AccessSource): void {
  source = next;
}

export function currentAccess(): Access {
  return source.get();
}

export function useAccess(): Access {
  return useSyncExternalStore(
    (l) => source.subscribe(l),
    () => source.get(),
    () => source.get(),
  );
}

export function signOut(): Promise<void> {
  return source.signOut();
}

/** Administrators may do everything; others what their user type grants. */
export function can(access: Access, action: string, subject: string): boolean {
  return access.role === 'admin' || access.ability.can(action, subject);
}
