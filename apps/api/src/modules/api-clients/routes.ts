import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_CLIENTS_API as API,
  API_CLIENT_PERMISSIONS as P,
  credentialsAnswer,
  newSecretAnswer,
  newSecretBody,
  rotateBody,
  settingsBody,
  tokenAnswer,
  tokenBody,
  usagePage as usagePageSchema,
  usageQuery,
} from '@portal/domain/api-clients/index';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import {
  clientError,
  createSecret,
  issueToken,
  readCredentials,
  revokeSecret,
  rotateSecret,
  saveSettings,
  usagePage,
} from './service.ts';

const tags = ['AccountLinked'];
const errors = errorResponsesFor(400, 401, 403, 404, 409, 429);
const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const idParams = z.object({ id: z.uuid() });
const secretParams = z.object({ id: z.uuid(), secretId: z.uuid() });

/** HTTP Basic credentials (RFC 6749 §2.3.1: client_secret_basic), or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** Sign-in of API clients (OAuth2 client credentials) and the administrators' management of their credentials. */
const routes: FastifyPluginAsyncZod = async (app) => {
  // OAuth2 clients send form bodies (RFC 6749 §4.4.2); only this plugin's routes accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    API.token,
    {
      config: { permission: 'Auth.read', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'OAuth2 client credentials: an API client (linked account) exchanges its id and secret (form or JSON body, or HTTP Basic) for a short-lived bearer token that opens only the operations of its datasets',
        security: [],
        body: tokenBody,
        response: { 200: tokenAnswer, ...errors },
      },
    },
    async (request) => {
      const basic = basicCredentials(request.headers.authorization);
      const clientId = request.body.client_id ?? basic?.id;
      const clientSecret = request.body.client_secret ?? basic?.secret;
      if (!clientId || !clientSecret) throw clientError(400, 'INVALID_REQUEST');
      return issueToken(app.db, app.config.jwtSecret, { clientId, clientSecret, scope: request.body.scope });
    },
  );

  app.get(
    path(API.credentials),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "A linked account's API access: datasets, rate limit and secrets (never the secrets themselves)",
        params: idParams,
        response: { 200: credentialsAnswer, ...errors },
      },
    },
    async (request) => readCredentials(app.db, request.params.id),
  );

  app.put(
    path(API.credentials),
    {
      config: { permission: P.update },
      schema: {
        tags,
        summary: "Sets a linked account's datasets (scopes) and its rate limit per minute",
        params: idParams,
        body: settingsBody,
        response: { 200: credentialsAnswer, ...errors },
      },
    },
    async (request) => saveSettings(app.db, request.params.id, request.body, request.principal?.userId ?? null),
  );

  app.post(
    path(API.secrets),
    {
      config: { permission: P.update },
      schema: {
        tags,
        summary: 'Creates a client secret (shown once in this answer; only its hash is kept)',
        params: idParams,
        body: newSecretBody,
        response: { 201: newSecretAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createSecret(app.db, request.params.id, request.body.validDays, request.principal?.userId ?? null)),
  );

  app.post(
    path(API.rotate),
    {
      config: { permission: P.update },
      schema: {
        tags,
        summary:
          'Rotates a secret: a new one (shown once) while the old one stays valid for the grace period (hours; 0 revokes it at once)',
        params: secretParams,
        body: rotateBody,
        response: { 201: newSecretAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await rotateSecret(
            app.db,
            request.params.id,
            request.params.secretId,
            request.body,
            request.principal?.userId ?? null,
          ),
        ),
  );

  app.post(
    path(API.revoke),
    {
      config: { permission: P.update },
      schema: {
        tags,
        summary: 'Revokes a secret: tokens issued with it stop working at once',
        params: secretParams,
        response: { 200: credentialsAnswer, ...errors },
      },
    },
    async (request) => {
      await revokeSecret(app.db, request.params.id, request.params.secretId, request.principal?.userId ?? null);
      return readCredentials(app.db, request.params.id);
    },
  );

  app.get(
    path(API.usage),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "A linked account's API calls, newest first: time, operation, status and duration",
        params: idParams,
        querystring: usageQuery,
        response: { 200: usagePageSchema, ...errors },
      },
    },
    async (request) => usagePage(app.db, request.params.id, request.query),
  );
};

export default routes;
