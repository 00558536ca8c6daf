import { createHash, sign as rsaSign, verify as rsaVerify, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * CAdES detached signatures (the CMS inside a PAdES signature): SignedData over the PDF's signed byte ranges, with
 * the signed attributes PAdES baseline B-B requires — content-type, message-digest and ESS signing-certificate-v2
 * (the signer's certificate digest, so the certificate cannot be swapped) — and no signing-time attribute (PAdES
 * keeps the time in the signature dictionary's /M). RSA PKCS#1 v1.5 with SHA-256, computed with node:crypto.
 */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

const toArrayBuffer = (b: Uint8Array): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

function parseCertificate(der: Uint8Array): pkijs.Certificate {
  const asn = asn1js.fromBER(toArrayBuffer(der));
  if (asn.offset === -1) throw new Error('certificate: not DER');
  return new pkijs.Certificate({ schema: asn.result });
}

/** ESS signing-certificate-v2 (RFC 5035): SEQUENCE { SEQUENCE OF ESSCertIDv2 { certHash (SHA-256 default), issuerSerial } }. */
function signingCertificateV2(cert: pkijs.Certificate, certDer: Uint8Array): asn1js.Sequence {
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }),
    serialNumber: cert.serialNumber,
  });
  const certHash = createHash('sha256').update(certDer).digest();
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial.toSchema()],
          }),
        ],
      }),
    ],
  });
}

const compareBytes = (a: Uint8Array, b: Uint8Array): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

/**
 * A detached CAdES signature (DER) of `content`, by `key` with `certificate` (DER), the rest of its chain
 * (`chain`, DER) embedded so a verifier can build the path.
 */
export function cadesDetached(
  content: Uint8Array,
  key: KeyObject,
  certificate: Uint8Array,
  chain: readonly Uint8Array[] = [],
): Buffer {
  const cert = parseCertificate(certificate);
  const digest = createHash('sha256').update(content).digest();
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(digest) })],
    }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(cert, certificate)] }),
  ];
  // DER sorts a SET OF by its members' encodings; the verifier hashes the bytes as sent, so send them sorted.
  const sorted = attributes
    .map((a) => ({ a, der: new Uint8Array(a.toSchema().toBER()) }))
    .sort((x, y) => compareBytes(x.der, y.der))
    .map((x) => x.a);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sorted });
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] IMPLICIT field they travel in.
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const signature = rsaSign('sha256', toSign, key);

  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [cert, ...chain.map(parseCertificate)],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        signedAttrs,
        signatureAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: OID.rsaEncryption,
          algorithmParams: new asn1js.Null(),
        }),
        signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
      }),
    ],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

export interface CmsCheck {
  /** The message-digest attribute equals the SHA-256 of the content, and the signature over the attributes holds. */
  valid: boolean;
  /** Why not, as a short code: digestMismatch, badSignature, noSigner, unsupported. */
  problem?: 'digestMismatch' | 'badSignature' | 'noSigner' | 'unsupported' | 'signingCertificateMismatch';
  signer?: X509Certificate;
  /** Every certificate the signature carries (the signer's included). */
  certificates: X509Certificate[];
  /** The signing-time attribute, when the signer put one (PAdES signers do not). */
  signingTime?: Date;
  /** Whether the ESS signing-certificate(-v2) attribute is present (PAdES B-B needs it). */
  hasSigningCertificate: boolean;
}

const attrValue = (info: pkijs.SignerInfo, oid: string): asn1js.AsnType | undefined =>
  info.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];

/** Checks a detached CMS signature (DER) over `content`. Throws on bytes that are not CMS SignedData. */
export function checkCadesDetached(cms: Uint8Array, content: Uint8Array | readonly Uint8Array[]): CmsCheck {
  const asn = asn1js.fromBER(toArrayBuffer(cms));
  if (asn.offset === -1) throw new Error('cms: not DER');
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== OID.signedData) throw new Error('cms: not SignedData');
  const signed = new pkijs.SignedData({ schema: info.content });
  const certificates = (signed.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER())));
  const signerInfo = signed.signerInfos[0];
  if (!signerInfo) return { valid: false, problem: 'noSigner', certificates, hasSigningCertificate: false };

  const sid = signerInfo.sid;
  const signerIndex =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? (signed.certificates ?? []).findIndex(
          (c) =>
            c instanceof pkijs.Certificate && c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer),
        )
      : -1;
  const signer = signerIndex >= 0 ? certificates[signerIndex] : undefined;
  const hasSigningCertificate = Boolean(
    attrValue(signerInfo, OID.signingCertificateV2) ?? attrValue(signerInfo, '1.2.840.113549.1.9.16.2.12'),
  );
  const timeAttr = attrValue(signerInfo, OID.signingTime);
  const signingTime =
    timeAttr instanceof asn1js.UTCTime || timeAttr instanceof asn1js.GeneralizedTime ? timeAttr.toDate() : undefined;
  const base = {
    certificates,
    hasSigningCertificate,
    ...(signer ? { signer } : {}),
    ...(signingTime ? { signingTime } : {}),
  };
  if (!signer) return { ...base, valid: false, problem: 'noSigner' };
  if (signerInfo.digestAlgorithm.algorithmId !== OID.sha256 || !signerInfo.signedAttrs)
    return { ...base, valid: false, problem: 'unsupported' };

  const hash = createHash('sha256');
  for (const part of Array.isArray(content) ? content : [content as Uint8Array]) hash.update(part);
  const digest = hash.digest();
  const md = attrValue(signerInfo, OID.messageDigest);
  if (!(md instanceof asn1js.OctetString) || !Buffer.from(md.valueBlock.valueHexView).equals(digest))
    return { ...base, valid: false, problem: 'digestMismatch' };

  const signedBytes = new Uint8Array(signerInfo.signedAttrs.encodedValue.slice(0));
  signedBytes[0] = 0x31;
  const ok = rsaVerify(
    'sha256',
    signedBytes,
    signer.publicKey,
    Buffer.from(signerInfo.signature.valueBlock.valueHexView),
  );
  if (!ok) return { ...base, valid: false, problem: 'badSignature' };

  // The ESS attribute must name the certificate that verified (the point of B-B's signing-certificate).
  const ess = attrValue(signerInfo, OID.signingCertificateV2);
  if (ess instanceof asn1js.Sequence) {
    const first = (ess.valueBlock.value[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as
      asn1js.Sequence | undefined;
    const parts = first?.valueBlock.value ?? [];
    const hashAlg = parts[0] instanceof asn1js.Sequence ? parts[0] : undefined;
    const certHash = parts.find((p): p is asn1js.OctetString => p instanceof asn1js.OctetString);
    if (!hashAlg && certHash) {
      const expected = createHash('sha256').update(signer.raw).digest();
      if (!Buffer.from(certHash.valueBlock.valueHexView).equals(expected))
        return { ...base, valid: false, problem: 'signingCertificateMismatch' };
    }
  }
  return { ...base, valid: true };
}
