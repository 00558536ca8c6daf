import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';
import { defineModule } from '../define.ts';
import { suggestionsDemoStep } from './seed.ts';
import { workspaceTasks } from './workspace.ts';

/**
 * The suggestion box (hòm thư góp ý): the public sends questions and suggestions without signing in (rate limit,
 * honeypot and a proof-of-work challenge against floods, see challenge.ts) and follows them by code; the
 * department assigns, answers and publishes them.
 */
const suggestions: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default defineModule({
  name: 'suggestions',
  plugin: suggestions,
  workspace: { tasks: workspaceTasks },
  seeds: [suggestionsDemoStep],
});
