import { z } from 'zod';
import { FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';

/**
 * The provincial business registry's exchange format (version 1), as the portal reads it from
 * `SYNC_SOURCE_URL` and as the bundled simulator serves it:
 *
 *   GET {source}/v1/businesses?page=1&pageSize=100[&keyword=…]  → RegistryPage
 *   GET {source}/v1/businesses/{taxCode}                         → RegistryBusiness | 404
 *
 * Pages are ordered by tax code, so a page number is a stable cursor while the registry is unchanged.
 * Dates are ISO 8601 (YYYY-MM-DD); names are Vietnamese with diacritics.
 */
export const registryBusinessSchema = z.object({
  taxCode: z.string().regex(/^\d{10}(-\d{3})?$/),
  name: z.string().min(1).max(500),
  englishName: z.string().max(500).nullable().default(null),
  shortName: z.string().max(200).nullable().default(null),
  legalForm: z.string().max(200),
  status: z.enum(['active', 'suspended', 'dissolved']),
  registeredOn: z.iso.date(),
  address: z.object({
    street: z.string().max(500),
    wardCode: z.string().max(10).nullable(),
    wardName: z.string().max(200).nullable(),
    provinceCode: z.string().max(10),
  }),
  representative: z.object({ fullName: z.string().max(200), title: z.string().max(200).nullable() }),
  phone: z.string().max(50).nullable(),
  email: z.string().max(200).nullable(),
  industries: z.array(z.object({ code: z.string().max(20), name: z.string().max(500), primary: z.boolean() })).max(200),
  employees: z.number().int().min(0).nullable(),
});
export type RegistryBusiness = z.infer<typeof registryBusinessSchema>;

export const registryPageSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  items: z.array(z.unknown()),
});

export const SYNC_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/** Progress of one synchronisation run, as the page shows it. */
export const syncRunSchema = z.object({
  id: z.string(),
  kind: z.enum(['full', 'list']),
  status: z.enum(SYNC_RUN_STATUSES),
  total: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  requestedAt: z.string(),
  error: z.string().nullable(),
  errors: z.array(z.object({ taxCode: z.string().nullable(), message: z.string() })),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const BUSINESS_SYNC_SUBJECT = 'BusinessSync';

registerFeatures(
  FEATURE_GROUPS.integration,
  subjectFeature(BUSINESS_SYNC_SUBJECT, 'integration:permissions.BusinessSync', ['read', 'create'], {
    key: 'integration.businessSync',
    actionLabels: { create: 'integration:permissions.runSync' },
  }),
);
