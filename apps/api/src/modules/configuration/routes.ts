import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicPortalConfigSchema, toPublicPortalConfig } from '@portal/domain/configuration';
import { languageOf } from '../../platform/errors/handler.ts';
import images from './images.routes.ts';
import { getPortalConfig } from './store.ts';

/**
 * Configuration: the province variant the portal runs as. Public part here (the web loads it before sign-in
 * for the title, favicon, logos and contact block); administrators' get/update and image upload join this
 * module and go through the same store.
 */
const configuration: FastifyPluginAsyncZod = async (app) => {
  await app.register(images);

  app.get(
    '/api/Home/configuration',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['configuration'],
        summary: 'Public portal configuration (province, names, images, contact information)',
        description:
          'Answers the stored configuration, or defaults (no province, the generic portal name in the ' +
          "request's language) when none is stored yet.",
        response: { 200: publicPortalConfigSchema },
      },
    },
    async (request, reply) => {
      // Short cache: administrators expect a change to show up soon, but every page load asks for it.
      reply.header('cache-control', 'public, max-age=60').header('vary', 'accept-language');
      return toPublicPortalConfig(await getPortalConfig(app.db, languageOf(request)));
    },
  );
};

export default configuration;
