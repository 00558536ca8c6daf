import {
  registryBusinessSchema,
  registryPageSchema,
  type RegistryBusiness,
} from '@portal/domain/integration/business-registry';
import { AppError } from '../../../platform/errors/app-error.ts';

export interface RegistryPageResult {
  page: number;
  pageSize: number;
  total: number;
  items: RegistryBusiness[];
  /** Items the registry sent that do not follow the format, with the reason. */
  invalid: Array<{ taxCode: string | null; message: string }>;
}

/** Reads the provincial registry over HTTP (format in packages/domain/src/integration/business-registry.ts). */
export interface RegistryClient {
  page(page: number, pageSize: number, keyword?: string): Promise<RegistryPageResult>;
  one(taxCode: string): Promise<RegistryBusiness | null>;
}

/** A registry failure the caller may retry (network, timeout, 5xx). */
export class RegistryUnavailable extends Error {}

export function registryClient(baseUrl: string, timeoutMs = 15_000): RegistryClient {
  const base = baseUrl.replace(/\/+$/, '');
  async function get(path: string): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      throw new RegistryUnavailable(`registry unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new RegistryUnavailable(`registry answered ${res.status}`);
    const body: unknown =
      res.status === 404
        ? null
        : await res.json().catch(() => {
            throw new RegistryUnavailable('registry answered something that is not JSON');
          });
    return { status: res.status, body };
  }
  return {
    async page(page, pageSize, keyword) {
      const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (keyword) q.set('keyword', keyword);
      const { status, body } = await get(`/v1/businesses?${q}`);
      if (status !== 200) throw new RegistryUnavailable(`registry answered ${status}`);
      const parsed = registryPageSchema.safeParse(body);
      if (!parsed.success) throw new RegistryUnavailable('registry page does not follow the exchange format');
      const items: RegistryBusiness[] = [];
      const invalid: RegistryPageResult['invalid'] = [];
      for (const raw of parsed.data.items) {
        const item = registryBusinessSchema.safeParse(raw);
        if (item.success) items.push(item.data);
        else {
          const code = (raw as { taxCode?: unknown } | null)?.taxCode;
          invalid.push({
            taxCode: typeof code === 'string' ? code.slice(0, 20) : null,
            message: item.error.issues
              .map((i) => `${i.path.join('.')}: ${i.message}`)
              .join('; ')
              .slice(0, 1000),
          });
        }
      }
      return { page: parsed.data.page, pageSize: parsed.data.pageSize, total: parsed.data.total, items, invalid };
    },
    async one(taxCode) {
      const { status, body } = await get(`/v1/businesses/${encodeURIComponent(taxCode)}`);
      if (status === 404) return null;
      const item = registryBusinessSchema.safeParse(body);
      if (!item.success) throw new RegistryUnavailable('registry record does not follow the exchange format');
      return item.data;
    },
  };
}

export function requireSource(url: string | undefined): string {
  if (!url) throw new AppError(409, 'SYNC_SOURCE_NOT_CONFIGURED');
  return url;
}
