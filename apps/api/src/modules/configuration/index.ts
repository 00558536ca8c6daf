import type { FastifyPluginAsync } from 'fastify';
import { defineModule } from '../define.ts';
import configurationRoutes from './routes.ts';
import settingsRoutes from './settings.routes.ts';

// What other modules use of the portal's configuration.
export { documentSignature, getPortalConfig, initSignatories } from './store.ts';

/** The portal's configuration: its public settings, images and menu, and the administrators' settings. */
const configuration: FastifyPluginAsync = async (app) => {
  await app.register(configurationRoutes);
  await app.register(settingsRoutes);
};

export default defineModule({ name: 'configuration', plugin: configuration });
