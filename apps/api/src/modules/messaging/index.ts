import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';
// Deleted messages in the trash bin and attachment downloads: registered at load.
import './trash.ts';

/**
 * Mail between users (`Message`): compose to the people one's scope reaches, inbox and sent box, labels,
 * secure attachments, read dates, deletion to the trash bin. Each owner's copy is their own: deleting, labelling
 * or reading it changes nothing for the others.
 */
const messaging: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default messaging;
