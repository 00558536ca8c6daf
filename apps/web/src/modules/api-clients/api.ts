import {
  API_CLIENTS_API as API,
  type Credentials,
  type SettingsBody,
  type UsageRow,
} from '@portal/domain/api-clients/index';
import { apiFetch } from '../../app/api-client.ts';
import type { ResponseOf } from '../../platform/api/client.ts';
import { toQuery } from '../../catalog/api.ts';

/** The management calls of a linked account's API access (`/api/AccountLinked/credentials/…`). */
const at = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** A secret as created or rotated: the only answer that carries it. */
export type NewSecret = ResponseOf<'/api/AccountLinked/credentials/{id}/secrets', 'post'>;

export const apiClientKeys = {
  credentials: (id: string) => ['api-clients', 'credentials', id] as const,
  usage: (id: string) => (q: Record<string, unknown>) => ['api-clients', 'usage', id, q] as const,
};

export const apiClientApi = {
  credentials: (id: string, signal?: AbortSignal) =>
    apiFetch<Credentials>(at(API.credentials, { id }), signal ? { signal } : {}),
  save: (id: string, body: SettingsBody) => apiFetch<Credentials>(at(API.credentials, { id }), { method: 'PUT', body }),
  createSecret: (id: string, validDays?: number) =>
    apiFetch<NewSecret>(at(API.secrets, { id }), { method: 'POST', body: validDays ? { validDays } : {} }),
  rotate: (id: string, secretId: string, graceHours: number) =>
    apiFetch<NewSecret>(at(API.rotate, { id, secretId }), { method: 'POST', body: { graceHours } }),
  revoke: (id: string, secretId: string) =>
    apiFetch<Credentials>(at(API.revoke, { id, secretId }), { method: 'POST', body: {} }),
  usage: (id: string) => (query: Record<string, unknown>, signal?: AbortSignal) =>
    apiFetch<{ pageLists: UsageRow[]; totalRecord: number }>(at(API.usage, { id }), {
      query: toQuery(query),
      ...(signal ? { signal } : {}),
    }),
};
