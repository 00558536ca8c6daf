import { z } from 'zod';
import { pageOf } from '../paging.ts';

/**
 * API clients of the exploitation accounts (spec: AccountLinked, /tai-khoan-khai-thac): other systems (social
 * insurance, the national job exchange, the ministry's databases) read the portal's data with client
 * credentials. Each scope is a dataset; a dataset opens exactly the read-only operations listed here (method and
 * path as the OpenAPI document spells them). A unit test checks every one against the served document.
 */

export type ApiOperation = readonly ['GET', string];

export interface ApiDataset {
  /** Label key in the apiClients namespace. */
  label: string;
  operations: readonly ApiOperation[];
}

const get = (path: string): ApiOperation => ['GET', path];

export const API_DATASETS = {
  businesses: {
    label: 'datasets.businesses',
    operations: [get('/api/Bussiness/bussinesses'), get('/api/Bussiness/bussinesses/{id}')],
  },
  workers: {
    label: 'datasets.workers',
    operations: [get('/api/Worker/workers'), get('/api/Worker/workers/{id}')],
  },
  'work-permits': {
    label: 'datasets.workPermits',
    operations: [get('/api/WorkerLicense/workerLicenses'), get('/api/WorkerLicense/worker-license/{id}')],
  },
  unemployment: {
    label: 'datasets.unemployment',
    operations: [
      get('/api/UnemploymentWorker/unemploymentWorkers'),
      get('/api/UnemploymentWorker/unemploymentWorkers/{id}'),
      get('/api/UnemploymentInsurance/unemploymentInsurances'),
      get('/api/UnemploymentInsurance/unemploymentInsurances/{id}'),
    ],
  },
  equipment: {
    label: 'datasets.equipment',
    operations: [
      get('/api/Equipment/equipments'),
      get('/api/Equipment/equipments/{id}'),
      get('/api/EquipmentInspection/equipmentInspections'),
      get('/api/EquipmentInspection/equipmentInspections/{id}'),
    ],
  },
  accidents: {
    label: 'datasets.accidents',
    operations: [
      get('/api/Accident/accidents'),
      get('/api/Accident/accidents/{id}'),
      get('/api/AccidentStatistical/accidentStatisticals'),
      get('/api/AccidentStatistical/accidentStatisticals/{id}'),
    ],
  },
  training: {
    label: 'datasets.training',
    operations: [
      get('/api/TrainingCertificate/trainingCertificates'),
      get('/api/TrainingCertificate/trainingCertificates/{id}'),
      get('/api/TrainingOrganization/trainingOrganizations'),
      get('/api/TrainingOrganization/trainingOrganizations/{id}'),
    ],
  },
  monitoring: {
    label: 'datasets.monitoring',
    operations: [
      get('/api/ObservationMonitor/get-paging'),
      get('/api/ObservationMonitor/get-by-id/{id}'),
      get('/api/MonitoringOrganization/monitoringOrganizations'),
      get('/api/MonitoringOrganization/monitoringOrganizations/{id}'),
    ],
  },
  'open-data': {
    label: 'datasets.openData',
    operations: [
      get('/api/OpenData/datasets'),
      get('/api/OpenData/datasets/violating-employers.json'),
      get('/api/OpenData/datasets/inspectors.json'),
      get('/api/OpenData/datasets/inspection-organizations.json'),
      get('/api/OpenData/datasets/legal-documents.json'),
    ],
  },
} as const satisfies Record<string, ApiDataset>;

export type DatasetKey = keyof typeof API_DATASETS;
export const DATASET_KEYS = Object.keys(API_DATASETS) as [DatasetKey, ...DatasetKey[]];

/** The operations a set of scopes opens, as `METHOD /path` with the OpenAPI spelling of parameters. */
export function operationsOf(scopes: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const scope of scopes) {
    const dataset = (API_DATASETS as Record<string, ApiDataset>)[scope];
    for (const [method, path] of dataset?.operations ?? []) out.add(`${method} ${path}`);
  }
  return out;
}

/** The management calls beside the catalogue's own AccountLinked routes; the token call is OAuth2's. */
export const API_CLIENTS_API = {
  token: '/api/AccountLinked/token',
  credentials: '/api/AccountLinked/credentials/{id}',
  secrets: '/api/AccountLinked/credentials/{id}/secrets',
  rotate: '/api/AccountLinked/credentials/{id}/secrets/{secretId}/rotate',
  revoke: '/api/AccountLinked/credentials/{id}/secrets/{secretId}/revoke',
  usage: '/api/AccountLinked/usage/{id}',
} as const;

export { API_CLIENT_PAGE, apiClientPage } from './page.ts';

/** Permissions of the management calls: the linked accounts' own subject. */
export const API_CLIENT_PERMISSIONS = { read: 'AccountLinked.read', update: 'AccountLinked.update' } as const;

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 10_000;
export const DEFAULT_RATE_LIMIT = 60;
/** A new secret is valid this long unless its expiry is chosen. */
export const DEFAULT_SECRET_DAYS = 365;
export const MAX_SECRET_DAYS = 3 * 365;
/** After a rotation, the old secret stays valid this long unless told otherwise (so the client can switch). */
export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 30 * 24;
/** Usage rows older than this are pruned. */
export const USAGE_RETENTION_DAYS = 90;

export const settingsBody = z.object({
  scopes: z
    .array(z.enum(DATASET_KEYS))
    .max(DATASET_KEYS.length)
    .transform((v) => [...new Set(v)]),
  rateLimitPerMinute: z.number().int().min(RATE_LIMIT_MIN).max(RATE_LIMIT_MAX),
});
export type SettingsBody = z.input<typeof settingsBody>;

export const secretStatus = z.enum(['active', 'expiring', 'expired', 'revoked']);
export type SecretStatus = z.infer<typeof secretStatus>;

export const secretSummary = z.object({
  id: z.uuid(),
  /** The secret's last characters, to tell secrets apart; the secret itself is never shown again. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  status: secretStatus,
});

export const credentialsAnswer = z.object({
  /** The OAuth2 client id: the linked account's id. */
  clientId: z.uuid(),
  userName: z.string(),
  fullName: z.string().nullable(),
  active: z.boolean(),
  scopes: z.array(z.string()),
  rateLimitPerMinute: z.number(),
  secrets: z.array(secretSummary),
});
export type Credentials = z.infer<typeof credentialsAnswer>;

export const newSecretBody = z
  .object({
    /** Valid for this many days (default one year). */
    validDays: z.number().int().min(1).max(MAX_SECRET_DAYS).optional(),
  })
  .default({});

export const rotateBody = z
  .object({
    validDays: z.number().int().min(1).max(MAX_SECRET_DAYS).optional(),
    /** How long the old secret still works (0: revoke it at once). */
    graceHours: z.number().int().min(0).max(MAX_GRACE_HOURS).optional(),
  })
  .default({});

export const newSecretAnswer = z.object({
  clientId: z.uuid(),
  id: z.uuid(),
  /** Shown once: only its hash is stored. */
  secret: z.string(),
  expiresAt: z.iso.datetime(),
});

export const usageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** Only refused calls (status 400 and above). */
  failedOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const usageRow = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  method: z.string(),
  operation: z.string(),
  status: z.number(),
  durationMs: z.number(),
});
export type UsageRow = z.infer<typeof usageRow>;
export const usagePage = pageOf(usageRow);

/** OAuth2 client credentials grant (RFC 6749 §4.4); the credentials may come in the body or as HTTP Basic. */
export const tokenBody = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(1000).optional(),
  /** Space-separated datasets to narrow the token to (default: all of the client's scopes). */
  scope: z.string().max(1000).optional(),
});

export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
});
