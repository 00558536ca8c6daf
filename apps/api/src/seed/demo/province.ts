import type { PortalConfig, Signatories } from '@portal/domain/configuration';
import type { Db } from '../../db/database.ts';
import { imageUrl, initPortalConfig, initSignatories } from '../../modules/configuration/store.ts';
import { unitId } from '../../modules/organisation/seed-admin-units.ts';
import type { SeedStep } from '../step.ts';
import type { WardRef } from './names.ts';

/**
 * The demo province: a test portal for Lâm Đồng, which since 1 July 2025 also covers the former Đắk Nông and
 * Bình Thuận. Labour affairs moved from the former Sở Lao động – Thương binh và Xã hội to Sở Nội vụ in 2025.
 */
export const DEMO_PROVINCE_CODE = '68';

export const lamDongPortalConfig: PortalConfig = {
  provinceCode: DEMO_PROVINCE_CODE,
  provinceName: 'Lâm Đồng',
  portalName: 'Cổng thông tin An toàn vệ sinh lao động tỉnh Lâm Đồng',
  districtSiteUrl: 'https://lamdong.gov.vn',
  isTestPortal: true,
  logo: imageUrl('logo.svg'),
  favicon: imageUrl('favicon.svg'),
  bannerImages: [imageUrl('banner-highlands.svg'), imageUrl('banner-coast.svg')],
  sideLogo: imageUrl('side-logo.svg'),
  systemInfo: {
    owner: 'Sở Nội vụ tỉnh Lâm Đồng',
    address: 'Trung tâm Hành chính tỉnh, số 36 đường Trần Phú, Phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng',
    // A test portal must never call or mail the real office: placeholder numbers, a reserved mail domain.
    phone: '0263 3800 000',
    email: 'sonoivu.lamdong@example.com',
    hotline: '1900 0000',
  },
  localUnitLevel: 'ward',
};

/** The province's communes and wards in force today, in code order, for addresses in demo data. */
export async function provinceWards(db: Db, provinceCode = DEMO_PROVINCE_CODE): Promise<WardRef[]> {
  return db
    .selectFrom('admin_unit')
    .select(['name', 'full_name as fullName'])
    .where('province_id', '=', unitId('2025', provinceCode))
    .where('level', '=', 'ward')
    .orderBy('code')
    .execute();
}

/**
 * Who signs the department's documents in the demo: a deputy director signs confirmations for the director (KT.),
 * the director signs the specialised accident reports. Fictional people, none of them a demo account.
 */
export const demoSignatories: Signatories = {
  items: [
    {
      document: 'equipmentConfirmation',
      authorityTitle: 'Giám đốc',
      delegation: 'KT',
      signerTitle: 'Phó Giám đốc',
      signerName: 'Trần Quốc Hưng',
    },
    {
      document: 'accidentSpecializeReport',
      authorityTitle: 'Giám đốc',
      delegation: 'none',
      signerTitle: '',
      signerName: 'Lê Văn Thành',
    },
  ],
};

/**
 * Stores the Lâm Đồng configuration (and who signs its documents) when none exists. Never overwrites: administrators may have changed it,
 * and running the step again must change nothing.
 */
export const demoProvinceStep: SeedStep = {
  name: 'demo-province',
  kind: 'demo',
  order: 20,
  async run({ db, log }) {
    if (await initPortalConfig(db, lamDongPortalConfig))
      log.info({ province: DEMO_PROVINCE_CODE }, 'demo portal configured');
    if (await initSignatories(db, demoSignatories)) log.info('demo signatories configured');
  },
};
