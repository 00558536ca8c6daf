import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * What a route needs, declared on every /api route as `config: { permission }`:
 * - 'Auth.read'      everyone, signed in or not (the spec's default ability: read on subject Auth);
 * - 'authenticated'  any signed-in user;
 * - 'Subject.action' a signed-in user whose abilities (from the user type's feature tree) allow it.
 * A route without a permission fails start-up: deny by default.
 */
export type Permission = 'Auth.read' | 'authenticated' | `${string}.${string}`;

export type UnitKind = 'department' | 'district' | 'employer' | 'service_centre' | 'training_body';

/** The signed-in user as the data layer sees it. Scope comes from here, never from ids the client sends. */
export interface Principal {
  userId: string;
  userName: string;
  role: 'admin' | 'client';
  userTypeId: string | null;
  unit: {
    id: string;
    kind: UnitKind;
    /** employer users: their employer */
    businessId?: string | null;
    /** district users: their local unit (district before 1 July 2025, commune/ward after) */
    localUnitCode?: string | null;
  };
  ability: MongoAbility;
  /** The sign-in session the access token belongs to (sign-out revokes it). */
  sessionId?: string;
}

/** A registered /api route and what it needs (the permission sweep test walks these). */
export interface RoutePermission {
  method: string;
  url: string;
  permission: Permission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every guarded /api route, in registration order. */
    routePermissions: RoutePermission[];
  }
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Resolves the caller from the request (bearer token); the identity module provides it. */
export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

export const anonymousAbility = createMongoAbility([{ action: 'read', subject: 'Auth' }]);

/** Paths served by plugins we do not write handlers for (documentation UI). */
const exemptPrefixes = ['/api/docs'];

export function permits(principal: Principal | null, permission: Permission): boolean {
  if (permission === 'Auth.read') return true;
  if (!principal) return false;
  if (permission === 'authenticated') return true;
  const dot = permission.lastIndexOf('.');
  const subject = permission.slice(0, dot);
  const action = permission.slice(dot + 1);
  return principal.role === 'admin' || principal.ability.can(action, subject);
}

export function registerAccess(app: FastifyInstance, resolve: PrincipalResolver): void {
  app.decorateRequest('principal', null);
  const routes: RoutePermission[] = [];
  app.decorate('routePermissions', routes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (exemptPrefixes.some((p) => route.url.startsWith(p))) return;
    const permission = (route.config as { permission?: Permission } | undefined)?.permission;
    if (!permission) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (deny by default)`);
    }
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, permission });
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return; // static files, docs, not-found
    request.principal = await resolve(request);
    if (permits(request.principal, permission)) return;
    throw request.principal ? new AppError(403, 'FORBIDDEN') : new AppError(401, 'UNAUTHENTICATED');
  });
}
