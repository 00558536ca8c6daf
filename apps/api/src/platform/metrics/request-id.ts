import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../config.ts';

/** What a request id given by the proxy may look like: nginx's $request_id (32 hex digits), a UUID, a trace id. */
const WELL_FORMED = /^[\w-]{8,64}$/;

/** The addresses and CIDR ranges of a list, as a BlockList (IPv4 and IPv6). */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket is reported as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: the proxy's X-Request-Id when the connection comes from a trusted proxy (TRUST_PROXY) and the
 * id is well formed, so one id follows a request through the proxy's log and the portal's; otherwise a new UUID.
 * A client talking to the portal directly cannot choose the id its requests are logged under.
 */
export function requestIdGenerator(trust: AppConfig['trustProxy']): (req: IncomingMessage) => string {
  // A hop count says the portal is only reached through its proxies: every peer is one.
  const fromProxy: (address: string | undefined) => boolean =
    trust === false ? () => false : typeof trust === 'number' ? () => trust > 0 : addressMatcher(trust);
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && WELL_FORMED.test(given) && fromProxy(req.socket.remoteAddress)) return given;
    return randomUUID();
  };
}

/** Every answer names its request id, so a user's report or the proxy's log leads to the portal's log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
