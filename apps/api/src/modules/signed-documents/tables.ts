import type { Generated } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';

/** Signing certificates and the registry of signed documents (migration 0037). A type: withTables wants an index-compatible record. */
export type SigningTables = {
  signing_certificate: {
    id: Generated<string>;
    subject: string;
    common_name: string;
    issuer: string;
    serial_number: string;
    /** SHA-256 of the certificate, hex. */
    fingerprint: string;
    valid_from: Date;
    valid_to: Date;
    /** DER of the signer's certificate and of the rest of its chain. */
    certificate: Buffer;
    chain: Generated<Buffer[]>;
    /** The PKCS#8 private key, sealed with the server secret (platform/auth/secret-box). */
    sealed_key: string;
    is_test: Generated<boolean>;
    /** The one certificate that signs now; earlier ones stay to check what they signed. */
    active: Generated<boolean>;
    created_at: Generated<Date>;
    created_by: string | null;
  };
  signed_document: {
    id: Generated<string>;
    /** The public verification code (the QR's page). */
    code: string;
    /** The document's title (its kind: "GIẤY XÁC NHẬN …"). */
    kind: string;
    number: string | null;
    /** The record's own public look-up page, when the document had one. */
    record_url: string | null;
    /** SHA-256 of the signed file, hex. */
    sha256: string;
    byte_size: number;
    signer_subject: string;
    certificate_id: string;
    signed_at: Date;
    created_at: Generated<Date>;
  };
};

/** The app's database seen with this module's tables (kept out of the shared schema: only this module reads them). */
export const signingDb = (db: Db) => db.withTables<SigningTables>();
export type SigningDb = ReturnType<typeof signingDb>;
