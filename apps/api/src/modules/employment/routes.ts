import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMPLOYMENT_API } from '@portal/domain/employment/constants';
import {
  boardItem,
  boardOccupation,
  boardQuery,
  matchesAnswer,
  matchQuery,
  seekerMatch,
  vacancyMatch,
} from '@portal/domain/employment/schemas';
import { pageOf } from '@portal/domain/paging';
import { contextOf } from '../../catalog/context.ts';
import { errorResponsesFor } from '../../platform/http/route-schemas.ts';
import fairRoutes from './fair-routes.ts';
import labourMarketRoutes from './labour-market.ts';
import referralRoutes from './referral-routes.ts';
import { boardOccupations, publicBoard, seekersForVacancy, vacanciesForSeeker } from './service.ts';

const path = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const idParams = z.object({ id: z.uuid() });
const errors = errorResponsesFor(400, 401, 403, 404);
/** Per address: people page through the board, so looser than the look-ups of a person. */
export const BOARD_RATE = { max: 120, timeWindow: '1 minute' } as const;

/** Matching both ways and the public vacancies board (the records themselves are catalogue areas). */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(referralRoutes);
  await app.register(labourMarketRoutes);
  await app.register(fairRoutes);
  app.get(
    path(EMPLOYMENT_API.seekerMatches),
    {
      config: { permission: 'JobSeeker.read' },
      schema: {
        tags: ['JobSeeker'],
        summary: 'The open vacancies that fit a job seeker, best first, each with the reasons it matched',
        params: idParams,
        querystring: matchQuery,
        response: { 200: matchesAnswer(vacancyMatch), ...errors },
      },
    },
    async (request) => vacanciesForSeeker(contextOf(request, app.db), request.params.id, request.query.limit),
  );

  app.get(
    path(EMPLOYMENT_API.vacancyMatches),
    {
      config: { permission: 'Vacancy.read' },
      schema: {
        tags: ['Vacancy'],
        summary:
          'The job seekers who fit a vacancy, best first, each with the reasons it matched (an employer sees only those who agreed to share their profile)',
        params: idParams,
        querystring: matchQuery,
        response: { 200: matchesAnswer(seekerMatch), ...errors },
      },
    },
    async (request) => seekersForVacancy(contextOf(request, app.db), request.params.id, request.query.limit),
  );

  app.get(
    EMPLOYMENT_API.publicBoard,
    {
      config: { permission: 'Auth.read', rateLimit: BOARD_RATE },
      schema: {
        tags: ['Vacancy'],
        summary: 'The public vacancies board: open vacancies by keyword, occupation and commune (no personal data)',
        querystring: boardQuery,
        response: { 200: pageOf(boardItem), ...errorResponsesFor(400, 429) },
      },
    },
    async (request) => publicBoard(app.readDb, request.query),
  );

  app.get(
    EMPLOYMENT_API.publicOccupations,
    {
      config: { permission: 'Auth.read', rateLimit: BOARD_RATE },
      schema: {
        tags: ['Vacancy'],
        summary: "The occupations and groups the open vacancies ask for, with how many are open (the board's filter)",
        response: { 200: z.array(boardOccupation), ...errorResponsesFor(429) },
      },
    },
    async () => boardOccupations(app.readDb),
  );
};

export default routes;
