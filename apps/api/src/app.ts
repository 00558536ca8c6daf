import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors/handler.ts';
import { registerAccess, type PrincipalResolver } from './platform/access/index.ts';
import { registerWebApp } from './platform/http/static.ts';
import { registerNoStore } from './platform/http/no-store.ts';
import { createJobs, type Jobs } from './platform/jobs/index.ts';
import { createFileStorage, MAX_UPLOAD_BYTES } from './platform/files/index.ts';
import { createMailer, type Mailer } from './platform/mail/index.ts';
import { createPrincipalResolver } from './platform/auth/principal.ts';
import { registerRealtime } from './platform/realtime/index.ts';
import { registerNotifier } from './modules/notifications/service.ts';
import fileRoutes from './platform/files/routes.ts';
import { modules } from './modules/index.ts';
import { withApiClients } from './modules/api-clients/index.ts';
import { installModules } from './modules/define.ts';
import { testClockRoutes } from './platform/clock/index.ts';
// The whole permission tree, whatever else is imported (see packages/domain/src/features.ts).
import '@portal/domain/features';
import { registerJsonInTurns } from './platform/http/json-in-turns.ts';
import idempotency from './platform/idempotency/index.ts';
import { registerMetrics } from './platform/metrics/index.ts';
import { registerRequestIdHeader, requestIdGenerator } from './platform/metrics/request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Kysely instance (shortcut for database.db). */
    db: Database['db'];
    /** Read-only public look-ups: the read replica when DATABASE_REPLICA_URL is set, else `db`. */
    readDb: Database['db'];
    /** Background jobs; domains define queues while registering, main.ts starts them. */
    jobs: Jobs;
    /** Outgoing mail: SMTP when SMTP_URL is set, else the outbox administrators read. */
    mailer: Mailer;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Identity: how a request becomes a Principal. Default: the bearer access token (platform/auth). */
  resolvePrincipal?: PrincipalResolver;
  logger?: boolean;
  /** Extra plugins registered after the domain modules (tests add probe routes this way). */
  plugins?: FastifyPluginAsync[];
}

/** A hop count compiled as Fastify itself does (its types leave numbers out); addresses and `false` as they are. */
function trustedProxies(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Plugins in order: external → platform → domain modules. Tests call this and use `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'],
          },
    // The proxy's X-Request-Id when it comes from a trusted proxy, else a new one (platform/metrics/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: config.bodyLimit,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could choose its address.
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // A path that is not valid UTF-8, or a parameter too long, answers with the project's error body.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // Large JSON lists are parsed in turns, so one import's 12 MB body does not hold every other request.
  registerJsonInTurns(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('readDb', database.readDb ?? database.db);
  app.decorate('jobs', createJobs(database, app.log));
  app.addHook('onClose', async () => app.jobs.stop());
  app.decorate('files', createFileStorage(config.dataDir));
  app.decorate('mailer', createMailer(config, database, app.jobs, app.log));
  app.addHook('onClose', async () => app.mailer.close());

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Same origin only: CSP Level 3 'self' also matches the same host's ws:/wss: (the real-time hub).
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 2048, encodings: ['br', 'gzip'] });
  // Per-route limits only (sign-in, password reset); the whole API is not throttled.
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cổng ATVSLĐ — API',
        description: 'Occupational safety, labour and employment portal API',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Recursive schemas (trees, menus) are named components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Platform.
  const webApp = await registerWebApp(app, config.webDist);
  registerErrorHandling(app, { spaFallback: webApp });
  registerNoStore(app);
  // Several instances (issue #28): request ids in every answer, and /metrics for operators.
  registerRequestIdHeader(app);
  registerMetrics(app);
  registerAccess(
    app,
    // API clients' tokens (linked accounts) are resolved apart; every other request as before.
    withApiClients(
      app,
      options.resolvePrincipal ??
        createPrincipalResolver(config.jwtSecret, database.db, database.principalPool ?? database.pool),
    ),
  );
  // Before the domain modules: the routes they declare `idempotent` get its hooks.
  await app.register(idempotency);
  await app.register(fileRoutes);
  registerRealtime(app, config, database);
  // The one notify service, visible to every domain module.
  registerNotifier(app);

  // Domain modules.
  installModules(modules);
  for (const mod of modules) if (mod.plugin) await app.register(mod.plugin);
  await app.register(testClockRoutes);
  for (const plugin of options.plugins ?? []) await app.register(plugin);

  return app;
}
