import type { FastifyInstance } from 'fastify';
import { NEW_MAIL_EVENT, type NewMailPayload } from '@portal/domain/messaging/index';

/**
 * Tell recipients through the real-time hub that a message arrived (after it is committed), each with their own
 * entry's id so the pop-up opens it. Best effort: a recipient without a connection sees it in the inbox and the
 * header's count on their next look.
 */
export function pushNewMail(app: FastifyInstance, recipients: string[], payloads: NewMailPayload[]): void {
  recipients.forEach((userId, i) => {
    const payload = payloads[i];
    if (payload) app.realtime.toUsers([userId], NEW_MAIL_EVENT, payload);
  });
}
