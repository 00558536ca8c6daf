import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * A signing identity: the private key and its certificate with the rest of the chain, read from a PKCS#12 file
 * (what a CA hands an agency, and what an administrator uploads). node-forge reads PKCS#12 (legacy 3DES/RC2 and
 * PBES2/AES alike), pure JS; everything afterwards uses node:crypto.
 */
export interface SigningIdentity {
  /** PKCS#8 PEM of the private key. */
  keyPem: string;
  /** The signer's certificate (DER). */
  certificate: Buffer;
  /** The other certificates of the file (issuers), DER. */
  chain: Buffer[];
}

export interface CertificateSummary {
  subject: string;
  /** The subject's common name (the agency on a visible signature), or the whole subject when it has none. */
  commonName: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  /** SHA-256 of the certificate (hex, lower case). */
  fingerprint: string;
}

export type Pkcs12Problem = 'notPkcs12' | 'wrongPassword' | 'noKey' | 'noCertificate' | 'unsupportedKey';

export class Pkcs12Error extends Error {
  readonly problem: Pkcs12Problem;
  constructor(problem: Pkcs12Problem) {
    super(`PKCS#12: ${problem}`);
    this.problem = problem;
  }
}

/** Reads a PKCS#12 file; throws Pkcs12Error with what is wrong (never a raw library error). */
export function readPkcs12(file: Uint8Array, password: string): SigningIdentity {
  let asn: forge.asn1.Asn1;
  try {
    asn = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')), false);
  } catch {
    throw new Pkcs12Error('notPkcs12');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn, false, password);
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/OID is not RSA|public key/i.test(message)) throw new Pkcs12Error('unsupportedKey');
    if (/password|MAC|decrypt|Invalid/i.test(message)) throw new Pkcs12Error('wrongPassword');
    throw new Pkcs12Error('notPkcs12');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key;
  if (!key) throw new Pkcs12Error(keyBags.length ? 'wrongPassword' : 'noKey');
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  if (!certs.length) throw new Pkcs12Error('noCertificate');

  const keyObject = createPrivateKey(forge.pki.privateKeyToPem(key));
  if (keyObject.asymmetricKeyType !== 'rsa') throw new Pkcs12Error('unsupportedKey');
  const der = certs.map((c) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary'));
  // The signer's certificate is the one whose public key is the key's.
  const publicDer = createPublicKey(keyObject).export({ type: 'spki', format: 'der' });
  const index = der.findIndex((d) =>
    new X509Certificate(d).publicKey.export({ type: 'spki', format: 'der' }).equals(publicDer),
  );
  if (index < 0) throw new Pkcs12Error('noCertificate');
  return {
    keyPem: keyObject.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: der[index]!,
    chain: der.filter((_, i) => i !== index),
  };
}

/** Subject, issuer, validity and fingerprint of a certificate (DER). */
export function summarise(certificate: Uint8Array): CertificateSummary {
  const x = new X509Certificate(certificate);
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(x.subject)?.[1];
  return {
    subject: x.subject.split('\n').join(', '),
    commonName: cn ?? x.subject.split('\n').join(', '),
    issuer: x.issuer.split('\n').join(', '),
    serialNumber: x.serialNumber,
    validFrom: new Date(x.validFrom),
    validTo: new Date(x.validTo),
    fingerprint: x.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A test authority for the demo province and for tests: a self-signed CA and a signing certificate it issued,
// both plainly named as tests, packed as PKCS#12 the way an administrator would upload a real one.

const utf8 = (name: string, value: string) => ({
  name,
  value,
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
});

function rsaPair(): { forgeKey: forge.pki.rsa.PrivateKey; forgePublic: forge.pki.rsa.PublicKey } {
  // node:crypto makes the key (native, fast); forge only builds and signs the certificates.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    forgeKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function certificate(
  subject: ReturnType<typeof utf8>[],
  issuer: ReturnType<typeof utf8>[],
  publicKey: forge.pki.rsa.PublicKey,
  signingKey: forge.pki.rsa.PrivateKey,
  ca: boolean,
  validFrom: Date,
  validTo: Date,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive 16-byte serial (the high bit cleared).
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = validFrom;
  cert.validity.notAfter = validTo;
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ],
  );
  cert.sign(signingKey, forge.md.sha256.create());
  return cert;
}

export interface TestAuthority {
  /** PKCS#12 (DER) of the signing key, its certificate and the test CA's. */
  pkcs12: Buffer;
  password: string;
  /** The test CA's certificate (DER). */
  caCertificate: Buffer;
}

/**
 * A test CA and a signing certificate for `agency`, named as tests ("CHỨNG THƯ THỬ NGHIỆM — …"), valid from
 * `validFrom` for `years`.
 */
export function makeTestAuthority(options: {
  agency: string;
  caName: string;
  testLabel: string;
  validFrom?: Date;
  years?: number;
  password?: string;
}): TestAuthority {
  const from = options.validFrom ?? new Date(Date.now() - 24 * 3600 * 1000);
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + (options.years ?? 5));
  const password = options.password ?? randomBytes(18).toString('base64url');
  const ca = rsaPair();
  const caName = [utf8('commonName', options.caName), utf8('countryName', 'VN')];
  caName[1]!.valueTagClass = forge.asn1.Type.PRINTABLESTRING as unknown as forge.asn1.Class;
  const caCert = certificate(caName, caName, ca.forgePublic, ca.forgeKey, true, from, to);
  const signer = rsaPair();
  const subject = [
    utf8('commonName', `${options.testLabel} — ${options.agency}`),
    utf8('organizationName', options.agency),
    { ...utf8('countryName', 'VN'), valueTagClass: forge.asn1.Type.PRINTABLESTRING as unknown as forge.asn1.Class },
  ];
  const signerCert = certificate(subject, caName, signer.forgePublic, ca.forgeKey, false, from, to);
  const asn = forge.pkcs12.toPkcs12Asn1(signer.forgeKey, [signerCert, caCert], password, {
    algorithm: '3des',
    friendlyName: options.testLabel,
  });
  return {
    pkcs12: Buffer.from(forge.asn1.toDer(asn).getBytes(), 'binary'),
    password,
    caCertificate: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(caCert)).getBytes(), 'binary'),
  };
}
