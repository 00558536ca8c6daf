import { z } from 'zod';

/**
 * The portal's configuration (province variant), stored in app_setting under `portal.config`.
 * The API validates what it stores and serves with these schemas; the web validates its settings form with them.
 */

export const PORTAL_CONFIG_KEY = 'portal.config';

/** An image is a URL the browser can load: an absolute http(s) URL or a path on this server ('/api/Home/images/…'). */
const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:https?:\/\/|\/)\S*$/);
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]);

export const systemInfoSchema = z.object({
  /** The authority that owns the portal, e.g. 'Sở Nội vụ tỉnh Lâm Đồng'. */
  owner: z.string().trim().max(300),
  address: z.string().trim().max(500),
  phone: z.string().trim().max(50),
  email: z.union([z.literal(''), z.email().max(200)]),
  hotline: z.string().trim().max(50),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

export const portalConfigSchema = z.object({
  /** Province code since 1 July 2025 ('68'); null until a province is configured. */
  provinceCode: z
    .string()
    .regex(/^\d{2}$/)
    .nullable(),
  provinceName: z.string().trim().max(100),
  portalName: z.string().trim().min(1).max(300),
  /** The district/commune-level site the portal links to ('' = none). */
  districtSiteUrl: optionalUrl,
  isTestPortal: z.boolean(),
  logo: imageUrl,
  favicon: imageUrl,
  bannerImages: z.array(imageUrl).max(10),
  sideLogo: imageUrl,
  systemInfo: systemInfoSchema,
  /** The local unit below the province: 'ward' (communes/wards, since 1 July 2025) or 'district' (before). */
  localUnitLevel: z.enum(['district', 'ward']),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

/**
 * What anyone may read (Home/configuration, before sign-in). Picked field by field, so settings added later
 * (mail, sync credentials) stay private unless added here on purpose.
 */
export const publicPortalConfigSchema = portalConfigSchema.pick({
  provinceCode: true,
  provinceName: true,
  portalName: true,
  districtSiteUrl: true,
  isTestPortal: true,
  logo: true,
  favicon: true,
  bannerImages: true,
  sideLogo: true,
  systemInfo: true,
  localUnitLevel: true,
});
export type PublicPortalConfig = z.infer<typeof publicPortalConfigSchema>;

export function toPublicPortalConfig(config: PortalConfig): PublicPortalConfig {
  return publicPortalConfigSchema.parse(config);
}
