import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { HOME_PATH } from './route-types.ts';

/**
 * What the route guard and the shell need to know about the caller. Until sign-in exists everyone is
 * anonymous with the spec's default ability (read Auth).
 */
export interface Access {
  loggedIn: boolean;
  role: 'admin' | 'client' | null;
  ability: MongoAbility;
  /** Where a signed-in user lands (redirect-if-logged-in routes). */
  homePath: string;
}

const anonymous: Access = {
  loggedIn: false,
  role: null,
  ability: createMongoAbility([{ action: 'read', subject: 'Auth' }]),
  homePath: HOME_PATH,
};

export function currentAccess(): Access {
  return anonymous;
}

export function can(access: Access, action: string, subject: string): boolean {
  return access.role === 'admin' || access.ability.can(action, subject);
}
