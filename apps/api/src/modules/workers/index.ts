import type { FastifyPluginAsync } from 'fastify';
import './hooks.ts';

/**
 * The workers domain: the Worker catalogue area's rules (hooks.ts) and the calls beyond the catalogue's
 * standard ones.
 */
const workers: FastifyPluginAsync = async () => {};

export default workers;
