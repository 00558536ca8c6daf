import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@portal/domain/i18n';
import { SUBMISSION_PERMISSIONS } from '@portal/domain/reports/workflow';
import type { Principal } from '../../../platform/access/index.ts';
import { clock } from '../../../platform/clock/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { languageOf } from '../../../platform/errors/handler.ts';
import { errorResponsesFor } from '../../../platform/http/route-schemas.ts';
import { FEED_PATH, FEED_TOKEN, calendarOf, feedLink, principalOfToken, resetFeedLink } from './feed.ts';
import { remindedReporter } from './reporter.ts';

const link = z.object({
  url: z.string().describe('the calendar address (https), to paste into a calendar app'),
  webcalUrl: z.string().describe('the same address as a webcal: link, which calendar apps open directly'),
});

/** Calendar apps poll: a generous ceiling per address, far above any app's refresh. */
const FEED_RATE = { max: 60, timeWindow: '1 minute' } as const;

/**
 * A conflict, not a refusal: the permission is there (the filing pages are open to the department too), but the
 * caller's unit files no reports, so it has no due days to subscribe to.
 */
function requireReporter(principal: Principal | null): Principal {
  if (!principal || !remindedReporter(principal))
    throw new AppError(409, 'NOT_A_REPORTER', { messageKey: 'reportReminders:errors.NOT_A_REPORTER' });
  return principal;
}

/**
 * The due-reports calendar: the signed-in reporter's own subscription link (and a new one when it leaked), and
 * the feed itself, which calendar apps fetch without signing in (the link is the credential, see feed.ts).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Report'];
  const { jwtSecret, publicUrl } = app.config;

  app.get(
    '/api/Report/calendar-link',
    {
      config: { permission: SUBMISSION_PERMISSIONS.read },
      schema: {
        tags,
        summary: "The caller's link to subscribe to its unit's due reports in a calendar app (iCalendar)",
        response: { 200: link, ...errorResponsesFor(401, 403, 409) },
      },
    },
    async (request) => feedLink(app.db, jwtSecret, publicUrl, requireReporter(request.principal).userId),
  );

  app.post(
    '/api/Report/calendar-link/reset',
    {
      config: { permission: SUBMISSION_PERMISSIONS.read },
      schema: {
        tags,
        summary: 'Make a new calendar link; the old one stops working at once',
        body: z.object({ confirm: z.literal(true).describe('the caller knows the old link stops working') }),
        response: { 200: link, ...errorResponsesFor(400, 401, 403, 409) },
      },
    },
    async (request) => resetFeedLink(app.db, jwtSecret, publicUrl, requireReporter(request.principal).userId),
  );

  app.get(
    FEED_PATH,
    {
      config: { permission: 'Auth.read', rateLimit: FEED_RATE },
      schema: {
        tags,
        summary:
          'The due reports of the link holder’s unit as an iCalendar feed (text/calendar): one all-day event per ' +
          'report not filed yet, on its due day, with an alarm 7 days before',
        querystring: z.object({
          token: z.string().regex(FEED_TOKEN).describe('from the calendar link'),
          lang: z.enum(LANGUAGES).optional(),
        }),
        response: errorResponsesFor(400, 404, 429),
      },
    },
    async (request, reply) => {
      const principal = await principalOfToken(app.db, jwtSecret, request.query.token);
      if (!principal)
        throw new AppError(404, 'CALENDAR_NOT_FOUND', { messageKey: 'reportReminders:errors.CALENDAR_NOT_FOUND' });
      const body = await calendarOf(app.db, principal, { today: clock.today(), lang: languageOf(request), publicUrl });
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="bao-cao-dinh-ky.ics"')
          .header('cache-control', 'private, no-store')
          // The route declares only its error bodies: the calendar is text, not JSON.
          .send(body as never)
      );
    },
  );
};

export default routes;
