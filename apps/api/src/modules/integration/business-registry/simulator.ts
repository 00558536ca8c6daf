/**
 * A small stand-in for the provincial business registry, serving the exchange format documented in
 * packages/domain/src/integration/business-registry.ts. Tests and the demo province sync from it.
 *
 *   node apps/api/src/modules/integration/business-registry/simulator.ts --count 2000 --port 4010
 *
 * Data is deterministic for a given seed and count: Lâm Đồng wards from the bundled 2025 units, Vietnamese
 * company names, valid 10-digit tax codes. Faults can be injected (failing pages, latency) to test resumption.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { RegistryBusiness } from '@portal/domain/integration/business-registry';
import { normalizeKeyword } from '../../../db/search.ts';
import {
  companyEmail,
  companyName,
  createRandom,
  mobilePhone,
  personName,
  streetAddress,
  taxCodeSequence,
  TAX_CODE_PREFIXES,
} from '../../../seed/demo/names.ts';

interface Ward {
  code: string;
  name: string;
  fullName: string;
}

const INDUSTRIES: ReadonlyArray<readonly [string, string]> = [
  ['0111', 'Trồng lúa'],
  ['0126', 'Trồng cây cà phê'],
  ['0127', 'Trồng cây chè'],
  ['0118', 'Trồng rau, đậu các loại và trồng hoa'],
  ['1079', 'Sản xuất thực phẩm khác chưa được phân vào đâu'],
  ['1622', 'Sản xuất đồ gỗ xây dựng'],
  ['2394', 'Sản xuất xi măng, vôi và thạch cao'],
  ['0722', 'Khai thác quặng bô xít'],
  ['3511', 'Sản xuất điện'],
  ['4100', 'Xây dựng nhà các loại'],
  ['4210', 'Xây dựng công trình đường sắt và đường bộ'],
  ['4663', 'Bán buôn vật liệu, thiết bị lắp đặt khác trong xây dựng'],
  ['4933', 'Vận tải hàng hóa bằng đường bộ'],
  ['5510', 'Dịch vụ lưu trú ngắn ngày'],
  ['5610', 'Nhà hàng và các dịch vụ ăn uống phục vụ lưu động'],
  ['7912', 'Điều hành tua du lịch'],
  ['8299', 'Hoạt động dịch vụ hỗ trợ kinh doanh khác còn lại chưa được phân vào đâu'],
];

const TITLES = ['Giám đốc', 'Tổng Giám đốc', 'Chủ tịch Hội đồng quản trị', 'Chủ doanh nghiệp', 'Giám đốc điều hành'];

export function lamDongWards(): Ward[] {
  const file = path.join(import.meta.dirname, '../../organisation/data/vn-units-2025.json');
  const provinces = JSON.parse(readFileSync(file, 'utf8')) as Array<{ code: string; wards: Ward[] }>;
  return provinces.find((p) => p.code === '68')?.wards ?? [];
}

/** The registry's businesses, sorted by tax code (the registry's paging order). */
export function generateRegistry(count: number, seed = 'so-ke-hoach-dau-tu-lam-dong'): RegistryBusiness[] {
  const wards = lamDongWards();
  const rng = createRandom(seed);
  const codes = taxCodeSequence(TAX_CODE_PREFIXES.lamDong, 1000);
  const out: RegistryBusiness[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.fork(`business-${i}`);
    const company = companyName(r);
    const ward = r.pick(wards);
    const rep = personName(r);
    const [primaryCode, primaryName] = r.pick(INDUSTRIES);
    const secondary = r.pick(INDUSTRIES);
    const taxCode = codes.next().value as string;
    out.push({
      taxCode,
      name: company.name,
      englishName: r.chance(0.4) ? `${company.brand} Company Limited` : null,
      shortName: r.chance(0.5) ? company.brand.toUpperCase() : null,
      legalForm: company.form,
      status: r.weighted([
        ['active', 90],
        ['suspended', 6],
        ['dissolved', 4],
      ] as const),
      registeredOn: `${r.int(2000, 2025)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      address: { street: streetAddress(r, ward), wardCode: ward.code, wardName: ward.fullName, provinceCode: '68' },
      representative: { fullName: rep.fullName, title: r.pick(TITLES) },
      phone: r.chance(0.9) ? mobilePhone(r) : null,
      email: r.chance(0.8) ? companyEmail(company) : null,
      industries: [
        { code: primaryCode, name: primaryName, primary: true },
        ...(secondary[0] !== primaryCode ? [{ code: secondary[0], name: secondary[1], primary: false }] : []),
      ],
      employees: r.chance(0.9) ? r.int(1, 1200) : null,
    });
  }
  return out.sort((a, b) => a.taxCode.localeCompare(b.taxCode));
}

export interface SimulatorOptions {
  count?: number;
  seed?: string;
  /** Make a page answer 503 (fault injection for resumption tests). */
  failPage?: (page: number) => boolean;
  /** Latency added to every answer, in milliseconds. */
  delayMs?: number;
  maxPageSize?: number;
}

export interface RegistrySimulator {
  handle(req: IncomingMessage, res: ServerResponse, basePath?: string): void;
  businesses: RegistryBusiness[];
  options: SimulatorOptions;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function createRegistrySimulator(options: SimulatorOptions = {}): RegistrySimulator {
  const businesses = generateRegistry(options.count ?? 300, options.seed);
  const byCode = new Map(businesses.map((b) => [b.taxCode, b]));
  const searchable = businesses.map((b) => normalizeKeyword(`${b.taxCode} ${b.name}`));
  const sim: RegistrySimulator = {
    businesses,
    options,
    handle(req, res, basePath = '') {
      const url = new URL(req.url ?? '/', 'http://registry.local');
      const route = url.pathname.slice(basePath.length);
      const answer = () => {
        if (req.method !== 'GET') return send(res, 405, { message: 'method not allowed' });
        if (route === '/v1/businesses') {
          const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
          const pageSize = Math.min(
            options.maxPageSize ?? 500,
            Math.max(1, Number(url.searchParams.get('pageSize')) || 100),
          );
          if (options.failPage?.(page)) return send(res, 503, { message: 'registry temporarily unavailable' });
          const keyword = normalizeKeyword(url.searchParams.get('keyword') ?? '');
          const list = keyword ? businesses.filter((_, i) => searchable[i]!.includes(keyword)) : businesses;
          return send(res, 200, {
            page,
            pageSize,
            total: list.length,
            items: list.slice((page - 1) * pageSize, page * pageSize),
          });
        }
        const one = /^\/v1\/businesses\/([\d-]+)$/.exec(route);
        if (one) {
          const b = byCode.get(one[1]!);
          return b ? send(res, 200, b) : send(res, 404, { message: 'not found' });
        }
        return send(res, 404, { message: 'not found' });
      };
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    },
  };
  return sim;
}

/** Start the simulator on a loopback port; `url` is what SYNC_SOURCE_URL should be. */
export async function startRegistrySimulator(
  options: SimulatorOptions & { port?: number; host?: string } = {},
): Promise<{ url: string; server: Server; simulator: RegistrySimulator; close(): Promise<void> }> {
  const simulator = createRegistrySimulator(options);
  const server = createServer((req, res) => simulator.handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    simulator,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const started = await startRegistrySimulator({
    count: Number(arg('count') ?? 500),
    port: Number(arg('port') ?? 4010),
    ...(arg('seed') ? { seed: arg('seed') } : {}),
  });
  console.log(
    `Business registry simulator: ${started.url}/v1/businesses (${started.simulator.businesses.length} businesses)`,
  );
}
