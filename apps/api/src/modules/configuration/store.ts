import {
  PORTAL_CONFIG_KEY,
  portalConfigSchema,
  SIGNATORIES_KEY,
  signatoriesSchema,
  signatureBlock,
  type PortalConfig,
  type Signatories,
  type SignedDocument,
} from '@portal/domain/configuration';
import { translate, type Language } from '@portal/domain/i18n';
import type { Db } from '../../db/database.ts';

/**
 * The portal configuration in app_setting (`portal.config`). Every read and write goes through here so the
 * public endpoint, the administrators' settings and the seeds agree on one validated shape.
 */

/** URL of an image served by `GET /api/Home/images/{name}`. */
export const imageUrl = (name: string): string => `/api/Home/images/${name}`;

/** What a portal without a configured province shows (production start without demo data). */
export function defaultPortalConfig(lang: Language = 'vi'): PortalConfig {
  return {
    provinceCode: null,
    provinceName: '',
    portalName: translate(lang, 'common:appName'),
    districtSiteUrl: '',
    isTestPortal: false,
    logo: imageUrl('logo.svg'),
    favicon: imageUrl('favicon.svg'),
    bannerImages: [imageUrl('banner-highlands.svg')],
    sideLogo: imageUrl('side-logo.svg'),
    systemInfo: { owner: '', address: '', phone: '', email: '', hotline: '' },
    localUnitLevel: 'ward',
  };
}

/** The stored configuration, or the defaults. A value stored by an older release is completed with defaults. */
export async function getPortalConfig(db: Db, lang: Language = 'vi'): Promise<PortalConfig> {
  const defaults = defaultPortalConfig(lang);
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', PORTAL_CONFIG_KEY)
    .executeTakeFirst();
  if (!row || typeof row.value !== 'object' || row.value === null) return defaults;
  const stored = row.value as Partial<PortalConfig>;
  const merged = { ...defaults, ...stored, systemInfo: { ...defaults.systemInfo, ...stored.systemInfo } };
  const parsed = portalConfigSchema.safeParse(merged);
  // Only savePortalConfig writes this key, so an invalid value means hand-edited data: serve the defaults.
  return parsed.success ? parsed.data : defaults;
}

/** Validates and stores the whole configuration (replacing the previous one); answers what was stored. */
export async function savePortalConfig(db: Db, value: PortalConfig): Promise<PortalConfig> {
  const config = portalConfigSchema.parse(value);
  const json = JSON.stringify(config);
  await db
    .insertInto('app_setting')
    .values({ key: PORTAL_CONFIG_KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
  return config;
}

/** Stores `value` only when no configuration exists yet (seeds: never overwrite what administrators set). */
export async function initPortalConfig(db: Db, value: PortalConfig): Promise<boolean> {
  const config = portalConfigSchema.parse(value);
  const result = await db
    .insertInto('app_setting')
    .values({ key: PORTAL_CONFIG_KEY, value: JSON.stringify(config) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Who signs which document (empty until the department sets it; an invalid stored value reads as unset). */
export async function getSignatories(db: Db): Promise<Signatories> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', SIGNATORIES_KEY).executeTakeFirst();
  const parsed = signatoriesSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { items: [] };
}

/** Validates and stores the signatories (replacing the previous ones); answers what was stored. */
export async function saveSignatories(db: Db, value: Signatories): Promise<Signatories> {
  const signatories = signatoriesSchema.parse(value);
  const json = JSON.stringify(signatories);
  await db
    .insertInto('app_setting')
    .values({ key: SIGNATORIES_KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
  return signatories;
}

/** Stores `value` only when no signatories were set yet (seeds never overwrite the department's choice). */
export async function initSignatories(db: Db, value: Signatories): Promise<boolean> {
  const result = await db
    .insertInto('app_setting')
    .values({ key: SIGNATORIES_KEY, value: JSON.stringify(signatoriesSchema.parse(value)) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The signature block of a department document: the configured signatory, or — when the department set none —
 * the authority's title (`unsetTitle`, the caller's wording) over a blank, never the name of whoever filed or
 * decided the record.
 */
export async function documentSignature(
  db: Db,
  lang: Language,
  document: SignedDocument,
  unsetTitle: string,
): Promise<{ title: string; name?: string }> {
  const signatory = (await getSignatories(db)).items.find((s) => s.document === document);
  if (!signatory) return { title: unsetTitle };
  return signatureBlock(signatory, (d) => translate(lang, `shell:signatories.formula.${d}`));
}
