import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';
import { defineModule } from '../define.ts';
import { messagingDemoStep } from './seed.ts';
import { attachmentGrant, trashSources } from './trash.ts';

/**
 * Mail between users (`Message`): compose to the people one's scope reaches, inbox and sent box, labels,
 * secure attachments, read dates, deletion to the trash bin. Each owner's copy is their own: deleting, labelling
 * or reading it changes nothing for the others.
 */
const messaging: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default defineModule({
  name: 'messaging',
  plugin: messaging,
  trash: trashSources,
  fileGrants: [attachmentGrant],
  seeds: [messagingDemoStep],
});
