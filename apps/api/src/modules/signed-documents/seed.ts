import { translate } from '@portal/domain/i18n';
import type { SeedStep } from '../../seed/step.ts';
import { makeTestAuthority } from '../../platform/signing/identity.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { installCertificate } from './service.ts';
import { signingDb } from './tables.ts';

/** A test authority and certificate for an agency, named as a test everywhere it shows (subject, CA, stamp). */
export function testAuthorityFor(province: string) {
  const t = (key: string, vars: Record<string, string> = {}) => translate('vi', `signedDocuments:test.${key}`, vars);
  return makeTestAuthority({
    agency: province ? t('agency', { province }) : t('agencyFallback'),
    caName: t('caName'),
    testLabel: t('label'),
  });
}

/**
 * The demo province signs its documents with a test certificate made here, once (never replacing one an
 * administrator set). The CA's key is thrown away: nothing else can be issued under it.
 */
export const signingDemoStep: SeedStep = {
  name: 'demo-signing-certificate',
  kind: 'demo',
  order: 25,
  async run({ db, config, log }) {
    const any = await signingDb(db).selectFrom('signing_certificate').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const { provinceName } = await getPortalConfig(db, 'vi');
    const authority = testAuthorityFor(provinceName.trim());
    const cert = await installCertificate(db, config.jwtSecret, authority.pkcs12, authority.password, { isTest: true });
    log.info({ subject: cert.subject }, 'demo signing certificate (test) made');
  },
};
