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

/**
 * Who signs the documents the department issues (Nghị định 30/2020, the signature block): per kind of document the
 * signing authority's title ("GIÁM ĐỐC"), the delegation formula when someone signs on its behalf (KT. — a deputy,
 * TL. — by order, TUQ. — by authorisation), the signer's own title and name. Set by the department's administrator
 * (stored in app_setting under `documents.signatories`); a document whose kind has none prints the authority's title
 * over a blank for the hand signature, never a name nobody set.
 */
export const SIGNATORIES_KEY = 'documents.signatories';

/** The department-issued documents that carry a signature block. */
export const SIGNED_DOCUMENTS = ['equipmentConfirmation', 'accidentSpecializeReport'] as const;
export type SignedDocument = (typeof SIGNED_DOCUMENTS)[number];

/** none: the head signs in person; KT. (ký thay), TL. (thừa lệnh), TUQ. (thừa uỷ quyền). */
export const DELEGATIONS = ['none', 'KT', 'TL', 'TUQ'] as const;
export type Delegation = (typeof DELEGATIONS)[number];

export const signatorySchema = z
  .object({
    document: z.enum(SIGNED_DOCUMENTS),
    /** The title of whoever the document is signed for (the head of the authority): "GIÁM ĐỐC". */
    authorityTitle: z.string().trim().min(1).max(100),
    delegation: z.enum(DELEGATIONS),
    /** The signer's own title when signing on the authority's behalf ("PHÓ GIÁM ĐỐC"); '' when the head signs. */
    signerTitle: z.string().trim().max(100),
    /** '' leaves the name blank (signed and written by hand). */
    signerName: z.string().trim().max(100),
  })
  .superRefine((s, ctx) => {
    if (s.delegation !== 'none' && !s.signerTitle)
      ctx.addIssue({ code: 'custom', path: ['signerTitle'], message: 'Required with a delegation formula' });
  });
export type Signatory = z.infer<typeof signatorySchema>;

export const signatoriesSchema = z.object({
  items: z
    .array(signatorySchema)
    .max(SIGNED_DOCUMENTS.length)
    .superRefine((items, ctx) => {
      items.forEach((s, i) => {
        if (items.findIndex((o) => o.document === s.document) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'document'], message: 'One signatory per document' });
      });
    }),
});
export type Signatories = z.infer<typeof signatoriesSchema>;

/**
 * The signature block's lines: the formula with the authority's title, then the signer's title ("KT. GIÁM ĐỐC\nPHÓ
 * GIÁM ĐỐC"), or the authority's title alone when the head signs. `formula` gives the printed abbreviation ("KT.").
 */
export function signatureBlock(
  s: Signatory,
  formula: (delegation: Exclude<Delegation, 'none'>) => string,
): { title: string; name?: string } {
  const authority = s.authorityTitle.toLocaleUpperCase('vi');
  const title =
    s.delegation === 'none'
      ? authority
      : `${formula(s.delegation)} ${authority}\n${s.signerTitle.toLocaleUpperCase('vi')}`;
  return s.signerName ? { title, name: s.signerName } : { title };
}
