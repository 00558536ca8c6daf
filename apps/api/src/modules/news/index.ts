import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.ts';
import pages from './pages.ts';
import { defineModule } from '../define.ts';
import { newsDemoStep } from './seed.ts';

/**
 * The news portal (`News`): articles written in the back office (draft → published → hidden), their body
 * sanitised on every save, read by anyone once published; the public pages' link previews, the sitemap and the
 * RSS feed. Topics are the catalogue area NewsTopic.
 */
const news: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(pages);
};

export default defineModule({ name: 'news', plugin: news, seeds: [newsDemoStep] });
