import { createHash, createPrivateKey, randomInt, X509Certificate, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import {
  SIGNED_DOCUMENT_PATHS,
  VERIFICATION_CODE_ALPHABET,
  type CheckStatus,
} from '@portal/domain/signed-documents/index';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import { seal, unseal } from '../../platform/auth/secret-box.ts';
import { clock } from '../../platform/clock/index.ts';
import type { DocumentSigner, DocumentSpec } from '../../platform/documents/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { listPage } from '../../platform/list/index.ts';
import { Pkcs12Error, readPkcs12, summarise, type CertificateSummary } from '../../platform/signing/identity.ts';
import { readSignatures, reserveSignature, signReserved } from '../../platform/signing/pdf.ts';
import { signingDb } from './tables.ts';

const KEY_PURPOSE = 'signing-key';

const fail = (code: string, status = 400, vars: Record<string, string | number> = {}) =>
  new AppError(status, code, { messageKey: `signedDocuments:errors.${code}`, vars });

export interface ActiveIdentity {
  id: string;
  key: KeyObject;
  certificate: Buffer;
  chain: Buffer[];
  summary: CertificateSummary;
}

// Unsealing and parsing a key on every document would be wasted work: a certificate row never changes.
const identities = new Map<string, ActiveIdentity>();

/** The certificate that signs now, or null when the department has set none (or its key cannot be unsealed). */
export async function activeIdentity(db: Db, secret: string): Promise<ActiveIdentity | null> {
  const row = await signingDb(db)
    .selectFrom('signing_certificate')
    .select(['id', 'certificate', 'chain', 'sealed_key'])
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const cached = identities.get(row.id);
  if (cached) return cached;
  const pem = unseal(secret, KEY_PURPOSE, row.sealed_key);
  if (!pem) return null;
  const identity: ActiveIdentity = {
    id: row.id,
    key: createPrivateKey(pem),
    certificate: row.certificate,
    chain: row.chain,
    summary: summarise(row.certificate),
  };
  identities.set(row.id, identity);
  return identity;
}

export interface CertificateView extends Omit<CertificateSummary, 'validFrom' | 'validTo'> {
  id: string;
  validFrom: string;
  validTo: string;
  isTest: boolean;
  createdAt: string;
}

const view = (s: CertificateSummary, row: { id: string; is_test: boolean; created_at: Date }): CertificateView => ({
  ...s,
  id: row.id,
  validFrom: s.validFrom.toISOString(),
  validTo: s.validTo.toISOString(),
  isTest: row.is_test,
  createdAt: row.created_at.toISOString(),
});

export async function currentCertificate(db: Db): Promise<CertificateView | null> {
  const row = await signingDb(db)
    .selectFrom('signing_certificate')
    .select(['id', 'certificate', 'is_test', 'created_at'])
    .where('active', '=', true)
    .executeTakeFirst();
  return row ? view(summarise(row.certificate), row) : null;
}

const dmy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

/**
 * Reads a PKCS#12 file and makes its certificate the one that signs (the previous one is kept for checks).
 * A wrong password, a file that is not PKCS#12, a non-RSA key or a certificate outside its validity → 400.
 */
export async function installCertificate(
  db: Db,
  secret: string,
  file: Buffer,
  password: string,
  options: { isTest?: boolean; userId?: string | null } = {},
): Promise<CertificateView> {
  let identity;
  try {
    identity = readPkcs12(file, password);
  } catch (e) {
    if (e instanceof Pkcs12Error) throw fail(e.problem);
    throw fail('notPkcs12');
  }
  const summary = summarise(identity.certificate);
  const now = clock.now();
  if (summary.validTo <= now) throw fail('expired', 400, { date: dmy(summary.validTo) });
  if (summary.validFrom > now) throw fail('notYetValid', 400, { date: dmy(summary.validFrom) });
  const row = await signingDb(db)
    .transaction()
    .execute(async (tx) => {
      await tx.updateTable('signing_certificate').set({ active: false }).where('active', '=', true).execute();
      return tx
        .insertInto('signing_certificate')
        .values({
          subject: summary.subject,
          common_name: summary.commonName,
          issuer: summary.issuer,
          serial_number: summary.serialNumber,
          fingerprint: summary.fingerprint,
          valid_from: summary.validFrom,
          valid_to: summary.validTo,
          certificate: identity.certificate,
          chain: identity.chain,
          sealed_key: seal(secret, KEY_PURPOSE, identity.keyPem),
          is_test: options.isTest ?? false,
          active: true,
          created_by: options.userId ?? null,
        })
        .returning(['id', 'is_test', 'created_at'])
        .executeTakeFirstOrThrow();
    });
  return view(summary, row);
}

/** A fresh verification code (10 characters of an alphabet without look-alikes: 25^10 ≈ 10^14). */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VERIFICATION_CODE_ALPHABET[randomInt(VERIFICATION_CODE_ALPHABET.length)];
  return code;
}

/** Vietnam's wall time, dd/mm/yyyy hh:mm:ss (+07:00), as a signature block states it. */
export function vietnamTime(d: Date): string {
  const local = new Date(d.getTime() + 7 * 3600 * 1000).toISOString();
  const [date, time] = [local.slice(0, 10), local.slice(11, 19)];
  return `${date.split('-').reverse().join('/')} ${time} (GMT+7)`;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * The signer every issued document goes through (installed by the module's plugin): with an active certificate,
 * a visible signature (agency, time, verification code), the QR of a one-document file to its verification page,
 * a PAdES B-B signature and a registry row; without one, documents are issued unsigned as before.
 */
export function documentSigner(db: Db, secret: string, publicUrl: string): DocumentSigner {
  return {
    async prepare(specs: readonly DocumentSpec[]) {
      const identity = await activeIdentity(db, secret);
      if (!identity) return null;
      const first = specs[0]!;
      const lang: Language = first.lang === 'en' ? 'en' : 'vi';
      const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `signedDocuments:${key}`, vars);
      // /M holds whole seconds: the registry keeps the same instant.
      const signedAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
      const code = newVerificationCode();
      const verifyUrl = `${publicUrl.replace(/\/+$/, '')}${SIGNED_DOCUMENT_PATHS.verify}/${code}`;
      const recordUrl = specs.length === 1 ? (first.qr?.url ?? null) : null;
      return {
        stamp: [
          t('stamp.signedBy', { agency: identity.summary.commonName }),
          t('stamp.time', { time: vietnamTime(signedAt) }),
          t('stamp.code', { code }),
        ],
        verify: { url: verifyUrl, caption: t('stamp.qrCaption', { code }) },
        reserve(doc, box) {
          reserveSignature(doc, {
            ...(box ? { page: box } : {}),
            name: identity.summary.commonName,
            reason: t('stamp.reason'),
            location: t('stamp.location'),
            signedAt,
          });
        },
        async finish(pdf) {
          const signed = await signReserved(pdf, identity.key, identity.certificate, identity.chain);
          await signingDb(db)
            .insertInto('signed_document')
            .values({
              code,
              kind: (first.metadata?.title ?? first.title).slice(0, 500),
              number: (first.metadata?.subject ?? first.number ?? null)?.slice(0, 200) ?? null,
              record_url: recordUrl,
              sha256: sha256(signed),
              byte_size: signed.length,
              signer_subject: identity.summary.subject,
              certificate_id: identity.id,
              signed_at: signedAt,
            })
            .execute();
          return signed;
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The registry and the public verification page.

export async function listSignedDocuments(
  db: Db,
  q: { pageNumber: number; pageSize: number; keyWord?: string | undefined },
) {
  let base = signingDb(db).selectFrom('signed_document as d');
  const keyword = q.keyWord?.trim();
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        eb(sql.ref('d.code'), '=', keyword.toUpperCase()),
        eb(sql.ref('d.sha256'), '=', keyword.toLowerCase()),
        matchesKeyword([sql.ref('d.kind'), sql`coalesce(d.number, '')`], keyword),
      ]),
    );
  }
  return listPage(
    q,
    base
      .select(['d.id', 'd.code', 'd.kind', 'd.number', 'd.sha256', 'd.byte_size', 'd.signer_subject', 'd.signed_at'])
      .orderBy('d.signed_at', 'desc')
      .orderBy('d.id'),
    base,
    (r) => ({
      id: r.id,
      code: r.code,
      kind: r.kind,
      number: r.number,
      sha256: r.sha256,
      byteSize: r.byte_size,
      signerSubject: r.signer_subject,
      signedAt: r.signed_at.toISOString(),
    }),
  );
}

/** What the public page shows of a signed document: no personal data (kind, number, time, agency, hash). */
export async function publicVerification(db: Db, code: string) {
  const row = await signingDb(db)
    .selectFrom('signed_document as d')
    .innerJoin('signing_certificate as c', 'c.id', 'd.certificate_id')
    .select(['d.code', 'd.kind', 'd.number', 'd.signed_at', 'd.sha256', 'd.record_url', 'c.common_name', 'c.is_test'])
    .where('d.code', '=', code)
    .executeTakeFirst();
  if (!row) throw fail('notFound', 404);
  return {
    code: row.code,
    kind: row.kind,
    number: row.number,
    signedAt: row.signed_at.toISOString(),
    signer: row.common_name,
    testCertificate: row.is_test,
    sha256: row.sha256,
    recordUrl: row.record_url,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Checking an uploaded PDF.

const PROBLEM_STATUS: Record<string, CheckStatus> = {
  digestMismatch: 'altered',
  badSignature: 'altered',
  signingCertificateMismatch: 'invalid',
  noSigner: 'invalid',
  unsupported: 'invalid',
};

/** The certificates the portal trusts: every certificate it has signed with, and the chains they came with. */
async function trustAnchors(db: Db): Promise<X509Certificate[]> {
  const rows = await signingDb(db).selectFrom('signing_certificate').select(['certificate', 'chain']).execute();
  return rows.flatMap((r) => [r.certificate, ...r.chain]).map((d) => new X509Certificate(d));
}

/** The signer's certificate is one of the anchors, or chains to one through the certificates the signature carries. */
function chainsTo(signer: X509Certificate, carried: X509Certificate[], anchors: X509Certificate[]): boolean {
  let current = signer;
  for (let depth = 0; depth < 5; depth++) {
    if (anchors.some((a) => a.raw.equals(current.raw))) return true;
    const anchor = anchors.find((a) => current.checkIssued(a) && current.verify(a.publicKey));
    if (anchor) return true;
    const next = carried.find(
      (c) => !c.raw.equals(current.raw) && current.checkIssued(c) && current.verify(c.publicKey),
    );
    if (!next) return false;
    current = next;
  }
  return false;
}

export async function checkSignedPdf(db: Db, pdf: Buffer) {
  if (!pdf.length) throw fail('empty');
  if (pdf.subarray(0, 1024).indexOf('%PDF-') < 0) throw fail('notPdf');
  const signatures = readSignatures(pdf);
  if (!signatures.length) throw fail('notSigned');
  const hash = sha256(pdf);

  // The last signature is the one that should cover the whole file; every earlier one must still hold.
  const statuses = signatures.map((s): CheckStatus => {
    if (s.unreadable || !s.cms) return 'invalid';
    if (!s.cms.valid) return PROBLEM_STATUS[s.cms.problem ?? 'unsupported'] ?? 'invalid';
    return s.coversWholeFile ? 'intact' : 'modifiedAfterSigning';
  });
  const last = signatures[signatures.length - 1]!;
  const lastStatus = statuses[statuses.length - 1]!;
  const earlierBroken = statuses.slice(0, -1).find((s) => s === 'altered' || s === 'invalid');
  const status: CheckStatus = earlierBroken ?? lastStatus;

  const signer = last.cms?.signer;
  const anchors = signer ? await trustAnchors(db) : [];
  const registered = await signingDb(db)
    .selectFrom('signed_document')
    .select(['code', 'kind', 'number', 'signed_at'])
    .where('sha256', '=', hash)
    .executeTakeFirst();
  const signedAt = last.signedAt ?? last.cms?.signingTime ?? null;
  return {
    status,
    sha256: hash,
    signatureCount: signatures.length,
    signer: signer
      ? {
          subject: signer.subject.split('\n').join(', '),
          commonName: /(?:^|\n)CN=([^\n]+)/.exec(signer.subject)?.[1] ?? signer.subject.split('\n').join(', '),
          issuer: signer.issuer.split('\n').join(', '),
          validFrom: new Date(signer.validFrom).toISOString(),
          validTo: new Date(signer.validTo).toISOString(),
        }
      : null,
    signedAt: signedAt ? signedAt.toISOString() : null,
    coversWholeFile: last.coversWholeFile,
    // PAdES baseline B-B: the ETSI sub-filter and the signing-certificate attribute.
    pades: last.subFilter === 'ETSI.CAdES.detached' && Boolean(last.cms?.hasSigningCertificate),
    subFilter: last.subFilter,
    trusted: signer ? chainsTo(signer, last.cms?.certificates ?? [], anchors) : false,
    registered: registered
      ? {
          code: registered.code,
          kind: registered.kind,
          number: registered.number,
          signedAt: registered.signed_at.toISOString(),
        }
      : null,
  };
}
