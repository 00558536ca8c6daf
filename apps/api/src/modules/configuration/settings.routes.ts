import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalConfigSchema, signatoriesSchema, systemInfoSchema } from '@portal/domain/configuration';
import { recordAudit } from '../../platform/audit/index.ts';
import { readUpload, saveUpload } from '../../platform/files/index.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import menuRoutes from './menu.routes.ts';
import { getPortalConfig, getSignatories, savePortalConfig, saveSignatories } from './store.ts';

/** Images administrators upload for the portal (logo, favicon, banners, side logo): PNG, JPEG, WebP or GIF. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Administrators' side of the configuration (/cai-dat): the whole configuration, its update, image upload and
 * the system information; plus the menu per role and its arrangement (/chinh-sua-menu).
 */
const settings: FastifyPluginAsyncZod = async (app) => {
  await app.register(menuRoutes);

  app.get(
    '/api/Configuration',
    {
      config: { permission: 'Configuration.read' },
      schema: {
        tags: ['configuration'],
        summary: 'The portal configuration (settings page)',
        response: { 200: portalConfigSchema },
      },
    },
    async (request) => getPortalConfig(app.db, languageOf(request)),
  );

  app.put(
    '/api/Configuration',
    {
      config: { permission: 'Configuration.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Update the portal configuration',
        description:
          'Replaces the whole configuration; images are URLs answered by uploadImage (or /api/Home/images/…).',
        body: portalConfigSchema,
        response: { 200: portalConfigSchema },
      },
    },
    async (request) => {
      return app.db.transaction().execute(async (trx) => {
        const saved = await savePortalConfig(trx, request.body);
        await recordAudit(trx, request, { action: 'update', subject: 'Configuration', recordId: 'portal' });
        return saved;
      });
    },
  );

  app.get(
    '/api/Configuration/signatories',
    {
      config: { permission: 'Configuration.read' },
      schema: {
        tags: ['configuration'],
        summary: 'Who signs which department document (title, delegation formula, name)',
        response: { 200: signatoriesSchema },
      },
    },
    async () => getSignatories(app.db),
  );

  app.put(
    '/api/Configuration/signatories',
    {
      config: { permission: 'Configuration.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Set who signs which department document',
        description:
          'Replaces the whole list: one entry per document kind; a kind left out prints the authority title over a blank.',
        body: signatoriesSchema,
        response: { 200: signatoriesSchema },
      },
    },
    async (request) =>
      app.db.transaction().execute(async (trx) => {
        const saved = await saveSignatories(trx, request.body);
        await recordAudit(trx, request, { action: 'update', subject: 'Configuration', recordId: 'signatories' });
        return saved;
      }),
  );

  app.post(
    '/api/Configuration/uploadImage',
    {
      config: { permission: 'Configuration.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Upload a portal image',
        description:
          'Multipart form (formFile, FileType = logo | favicon | banner | sideLogo). PNG, JPEG, WebP or GIF, decided ' +
          'by content, at most 2 MB. Answers the URL to put in the configuration; the image is public.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({
            fileId: z.string(),
            url: z.string(),
            fileName: z.string(),
            size: z.number(),
            mime: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const upload = await readUpload(request, { kinds: ['image'], maxBytes: MAX_IMAGE_BYTES });
      // Portal images are shown to everyone (sign-in page, public home): never stored as secure.
      const file = await saveUpload(
        app.db,
        app.files,
        { ...upload, isSecure: false },
        {
          uploadedBy: request.principal?.userId ?? null,
        },
      );
      await recordAudit(app.db, request, { action: 'upload', subject: 'Configuration', recordId: file.id });
      return {
        fileId: file.id,
        url: `/api/Files/${file.id}`,
        fileName: file.original_name,
        size: file.size,
        mime: file.mime,
      };
    },
  );

  app.get(
    '/api/Configuration/system-info',
    {
      config: { permission: 'Auth.read' },
      schema: {
        tags: ['configuration'],
        summary: 'System information (owner, address, phone, email, hotline)',
        response: { 200: systemInfoSchema },
      },
    },
    async (request) => (await getPortalConfig(app.db, languageOf(request))).systemInfo,
  );

  app.put(
    '/api/Configuration/system-info',
    {
      config: { permission: 'Configuration.update' },
      schema: {
        tags: ['configuration'],
        summary: 'Update the system information only',
        body: systemInfoSchema,
        response: { 200: systemInfoSchema },
      },
    },
    async (request) => {
      return app.db.transaction().execute(async (trx) => {
        const current = await getPortalConfig(trx, languageOf(request));
        const saved = await savePortalConfig(trx, { ...current, systemInfo: request.body });
        await recordAudit(trx, request, { action: 'update', subject: 'Configuration', recordId: 'systemInfo' });
        return saved.systemInfo;
      });
    },
  );
};

export default settings;
