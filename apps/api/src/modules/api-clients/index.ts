import type { FastifyPluginAsync } from 'fastify';
import { API_DATASETS } from '@portal/domain/api-clients/index';
import { defineModule } from '../define.ts';
import routes from './routes.ts';
import { apiClientsDemoStep } from './seed.ts';

export { withApiClients } from './gate.ts';

/**
 * API clients of the linked accounts (exploitation accounts): other systems read the portal's data with client
 * credentials, scoped by dataset, rate-limited and logged. The gate (withApiClients) turns their tokens into
 * principals; buildApp() puts it in front of the users' resolver.
 */
const apiClients: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  // Declarations are checked at start-up: a dataset naming a call the API does not serve fails fast.
  app.addHook('onReady', async () => {
    const served = new Set(app.routePermissions.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing = Object.entries(API_DATASETS).flatMap(([key, d]) =>
      d.operations
        .filter(([, path]) => !served.has(path.replace(/\{(\w+)\}/g, ':$1')))
        .map(([m, p]) => `${key}: ${m} ${p}`),
    );
    if (missing.length) throw new Error(`API client datasets name calls the API does not serve: ${missing.join('; ')}`);
  });
};

export default defineModule({ name: 'api-clients', plugin: apiClients, seeds: [apiClientsDemoStep] });
