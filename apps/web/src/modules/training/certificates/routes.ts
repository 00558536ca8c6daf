import dayjs from 'dayjs';
import { EXPIRING_DAYS, TRAINING_CERTIFICATE_PATHS as PATHS } from '@portal/domain/training/certificates';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../../app/route-types.ts';
import { registerQuickFilters, type QuickFilter } from '../../../catalog/extensions.ts';

/**
 * Route-table entries of the credential pages (Vietnamese slugs): the credentials' list with issuing from a course,
 * a credential with its PDF and revocation, a request with its participants and steps, and the public verification
 * (a card in the public home's look-ups). The requests' list and form, and the credentials' form and import, are the
 * catalogue's generated pages; both lists get their quick filters here.
 */
const training: BreadcrumbItem[] = ['shell:menu.groups.training'];
const day = (offset = 0) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

registerQuickFilters('trainingCertificate', [
  { key: 'all', labelKey: 'training:certificates.quick.all', params: () => ({}) },
  { key: 'current', labelKey: 'training:certificates.quick.current', params: () => ({ status: 'current' }) },
  {
    key: 'expiring',
    labelKey: 'training:certificates.quick.expiring',
    params: () => ({ status: 'current', validUntilFrom: day(), validUntilTo: day(EXPIRING_DAYS) }),
  },
  {
    key: 'expired',
    labelKey: 'training:certificates.quick.expired',
    params: () => ({ status: 'current', validUntilTo: day(-1) }),
  },
  { key: 'revoked', labelKey: 'training:certificates.quick.revoked', params: () => ({ status: 'revoked' }) },
]);

registerQuickFilters(
  'trainingCertificateRequest',
  (['all', 'draft', 'submitted', 'issued', 'refused'] as const).map((status): QuickFilter => ({
    key: status,
    labelKey: `training:requests.quick.${status}`,
    params: (): Record<string, string | null> => (status === 'all' ? {} : { status }),
  })),
);

export const trainingCertificateRoutes: RouteEntry[] = [
  {
    path: PATHS.list,
    titleKey: 'training:areas.trainingCertificate.title',
    breadcrumb: training,
    ability: { action: 'read', subject: 'TrainingCertificate' },
    layout: 'app',
    page: () => import('./CertificateListPage.tsx'),
  },
  {
    path: PATHS.detail,
    titleKey: 'training:certificates.detailTitle',
    breadcrumb: [...training, { titleKey: 'training:areas.trainingCertificate.title', path: PATHS.list }],
    ability: { action: 'read', subject: 'TrainingCertificate' },
    layout: 'app',
    page: () => import('./CertificateDetailPage.tsx'),
    ...withId,
  },
  {
    path: PATHS.requestDetail,
    titleKey: 'training:requests.detailTitle',
    breadcrumb: [...training, { titleKey: 'training:areas.trainingCertificateRequest.title', path: PATHS.requests }],
    ability: { action: 'read', subject: 'TrainingCertificateRequest' },
    layout: 'app',
    page: () => import('./RequestDetailPage.tsx'),
    ...withId,
  },
  {
    path: PATHS.publicLookup,
    titleKey: 'training:verify.title',
    layout: 'full',
    namespaces: ['training'],
    page: () => import('./VerifyPage.tsx'),
    home: { section: 'tra-cuu', card: 'trainingCertificateLookup', order: 52 },
  },
  {
    path: PATHS.publicCredential,
    titleKey: 'training:verify.credentialTitle',
    layout: 'full',
    namespaces: ['training'],
    page: () => import('./VerifyPage.tsx'),
    validParams: ({ key }) => !!key && key.length <= 120,
  },
];
