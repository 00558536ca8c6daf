import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors/app-error.ts';
import {
  currentGeneration,
  findUnit,
  listChildren,
  listCountries,
  listProvinces,
  requestedGeneration,
} from './admin-units.queries.ts';
import { ADMIN_UNIT_GENERATIONS, ADMIN_UNIT_LEVELS } from './tables.ts';
import { ADMIN_UNIT_DATA_DIR, WARD_MAPS } from './centres.ts';
import { errorBodySchema } from '../../platform/errors/app-error.ts';

/**
 * Public reference data (read on Auth): countries, administrative units, boundary maps.
 * Lists answer 200 with an array sorted by code (possibly empty); a unit id that does not exist is 404;
 * a malformed id or query is 400. All in the project's error body.
 */

const REFERENCE_CACHE = 'public, max-age=86400';
// Boundaries change only with a release; revalidation by ETag is cheap afterwards.
const GEOJSON_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const unitSchema = z.object({
  id: z.string().describe("'<generation>:<code>', e.g. '2025:68', 'legacy:67'"),
  code: z.string().describe('official code: province 2 digits, district 3, commune/ward 5'),
  name: z.string(),
  nameEn: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  typeName: z.string().describe('Tỉnh, Thành phố, Quận, Huyện, Thị xã, Phường, Xã, Thị trấn, Đặc khu'),
  typeNameEn: z.string(),
  level: z.enum(ADMIN_UNIT_LEVELS),
  generation: z.enum(ADMIN_UNIT_GENERATIONS),
  parentId: z.string().nullable(),
  provinceId: z.string(),
  validFrom: z.string().nullable().describe('YYYY-MM-DD, first day in force; null = before records began'),
  validTo: z.string().nullable().describe('YYYY-MM-DD, last day in force; null = still in force'),
});

const provinceSchema = unitSchema.extend({
  predecessorIds: z.array(z.string()).describe('former provinces this one was formed from'),
  successorIds: z.array(z.string()).describe('provinces this one became part of'),
});

const countrySchema = z.object({
  id: z.string(),
  code: z.string().describe('ISO 3166-1 alpha-2'),
  name: z.string(),
  nameEn: z.string(),
});

const keyWord = z
  .string()
  .trim()
  .max(100)
  .optional()
  .describe('filter on the Vietnamese or English name, ignoring accents and case ("dak" finds "Đắk Nông")');

const generationQuery = z
  .object({
    at: z.iso.date().optional().describe('YYYY-MM-DD: the units in force on that day'),
    generation: z
      .enum(ADMIN_UNIT_GENERATIONS)
      .optional()
      .describe("'2025': units since 1 July 2025; 'legacy': units until 30 June 2025"),
    keyWord,
  })
  .refine((q) => !(q.at && q.generation), { path: ['generation'], message: 'give either at or generation' });

const UNIT_REF_HELP =
  "A unit id ('2025:68', 'legacy:67', 'legacy:660') or a bare code; a bare code names the unit of the newest " +
  "generation that has it ('68' = Lâm Đồng since 2025, '67' = former Đắk Nông).";

const provinceRef = z.object({ id: z.string().regex(/^(?:(?:legacy|2025):)?\d{2}$/) }).describe('province id or code');
const parentRef = z
  .object({ id: z.string().regex(/^(?:(?:legacy|2025):)?\d{2,3}$/) })
  .describe('province or district id or code');

const adminUnits: FastifyPluginAsyncZod = async (app) => {
  const cached = (reply: FastifyReply) => reply.header('cache-control', REFERENCE_CACHE);

  app.get(
    '/api/OfficalProfile/countries',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: 'Countries (nationality, country of origin), sorted by code',
        querystring: z.object({ keyWord }),
        response: { 200: z.array(countrySchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      cached(reply);
      return listCountries(app.db, { keyWord: request.query.keyWord });
    },
  );

  app.get(
    '/api/OfficalProfile/provinces',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: 'Provinces and centrally-run cities, sorted by code',
        description:
          'Default: the provinces in force today (34 since 1 July 2025). `generation=legacy` or an `at` date ' +
          'before 1 July 2025 gives the 63 former provinces. Each province lists the provinces it was formed ' +
          'from (`predecessorIds`) or became part of (`successorIds`).',
        querystring: generationQuery,
        response: { 200: z.array(provinceSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      cached(reply);
      const generation = requestedGeneration(request.query) ?? currentGeneration();
      return listProvinces(app.db, { generation, keyWord: request.query.keyWord });
    },
  );

  app.get(
    '/api/OfficalProfile/districts/:id',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: 'District-level units of a province, sorted by code',
        description:
          `${UNIT_REF_HELP} Since 1 July 2025 there is no district level: a 2025 province answers an empty ` +
          'list by default, and with `generation=legacy` (or an `at` date before 1 July 2025) the former ' +
          'districts of the provinces it was formed from (for 68 Lâm Đồng: those of Đắk Nông, Bình Thuận and ' +
          "former Lâm Đồng). Without `generation` or `at`, the districts are listed in the province's own " +
          "generation ('67' → the districts of former Đắk Nông). Unknown province: 404.",
        params: provinceRef,
        querystring: generationQuery,
        response: { 200: z.array(unitSchema), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const parent = await findUnit(app.db, request.params.id, ['province']);
      if (!parent) throw notFound();
      cached(reply);
      const generation = requestedGeneration(request.query) ?? parent.generation;
      return listChildren(app.db, parent, { level: 'district', generation, keyWord: request.query.keyWord });
    },
  );

  app.get(
    '/api/OfficalProfile/wards/:id',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: 'Communes, wards and special zones of a province or a former district, sorted by code',
        description:
          `${UNIT_REF_HELP} A 3-digit code is a former district (until 30 June 2025). Without \`generation\` ` +
          "or `at`, the wards are listed in the parent's own generation: '68' → the 124 communes and wards of " +
          "Lâm Đồng since 2025, '660' → the former communes of that district. With another generation, a " +
          'province answers the wards of the provinces it was formed from or became part of; a district, an ' +
          'empty list (no mapping below province level). Unknown unit: 404.',
        params: parentRef,
        querystring: generationQuery,
        response: { 200: z.array(unitSchema), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const parent = await findUnit(app.db, request.params.id, ['province', 'district']);
      if (!parent) throw notFound();
      cached(reply);
      const generation = requestedGeneration(request.query) ?? parent.generation;
      return listChildren(app.db, parent, { level: 'ward', generation, keyWord: request.query.keyWord });
    },
  );

  // Boundary maps (statistics by province / by commune).
  const dataDir = ADMIN_UNIT_DATA_DIR;
  const wardMaps = WARD_MAPS;
  const loaded = new Map<string, Promise<{ body: Buffer; etag: string }>>();
  const load = (file: string) => {
    let entry = loaded.get(file);
    if (!entry) {
      entry = readFile(path.join(dataDir, file)).then((body) => ({
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      }));
      // A failed read must not stay cached.
      entry.catch(() => loaded.delete(file));
      loaded.set(file, entry);
    }
    return entry;
  };
  const sendGeojson = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const { body, etag } = await load(file);
    reply.header('cache-control', GEOJSON_CACHE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/geo+json; charset=utf-8').send(body);
  };

  app.get(
    '/api/OfficalProfile/geojson/provinces',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: 'Boundaries of the 34 provinces (GeoJSON FeatureCollection)',
        description:
          'Feature properties: code, name, nameEn, fullName, fullNameEn, areaKm2. Simplified for a national map.',
      },
    },
    async (request, reply) => sendGeojson(request, reply, 'provinces-2025.geojson'),
  );

  app.get(
    '/api/OfficalProfile/geojson/wards/:provinceCode',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['reference'],
        summary: "Boundaries of a province's communes and wards (GeoJSON FeatureCollection)",
        description: 'Available for 68 (Lâm Đồng); other provinces: 404. Feature properties as for provinces.',
        params: z.object({ provinceCode: z.string().regex(/^\d{2}$/) }),
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = wardMaps[request.params.provinceCode];
      if (!file) throw notFound();
      return sendGeojson(request, reply, file);
    },
  );
};

export default adminUnits;
