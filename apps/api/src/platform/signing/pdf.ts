import type { KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import { cadesDetached, checkCadesDetached, type CmsCheck } from './cms.ts';

/**
 * PAdES signatures of pdfkit documents: a signature field and dictionary reserved while the document is written
 * (so no incremental update is needed), then filled by @signpdf (ByteRange, Contents) with our own CAdES signer.
 */

/** Room for the CMS (hex doubles it): a 2048/4096-bit RSA signature, the attributes and a chain of a few certificates. */
const CONTENTS_BYTES = 16384;

export interface SignatureField {
  /** Page index (0-based) and the visible rectangle in pdfkit's coordinates (top-left origin, points). */
  page?: { index: number; x: number; y: number; width: number; height: number };
  /** /Name, /Reason, /Location of the signature dictionary. */
  name: string;
  reason?: string;
  location?: string;
  /** The signing time: PAdES keeps it in /M (no signing-time attribute in the CMS). */
  signedAt: Date;
}

type Doc = PDFKit.PDFDocument;
// pdfkit's typings do not list the catalogue (_root) nor the page list; both are stable parts of its API.
interface DocInternals {
  _root: { data: Record<string, unknown> };
  initForm(): void;
  switchToPage(index: number): void;
  bufferedPageRange(): { start: number; count: number };
}

/** Reserves the signature in a pdfkit document before `end()`: call once, after the last page is drawn. */
export function reserveSignature(doc: Doc, field: SignatureField): void {
  const internals = doc as unknown as DocInternals;
  const str = (s: string) => new String(s);
  const sig = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // @signpdf finds this exact placeholder and writes the real ranges over it; /Contents must follow it.
    ByteRange: [0, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER],
    Contents: new Uint8Array(CONTENTS_BYTES),
    M: field.signedAt,
    Name: str(field.name),
    ...(field.reason ? { Reason: str(field.reason) } : {}),
    ...(field.location ? { Location: str(field.location) } : {}),
  });
  sig.end(undefined);

  const pages = internals.bufferedPageRange();
  const index = field.page?.index ?? pages.start + pages.count - 1;
  internals.switchToPage(index);
  const page = doc.page;
  const rect = field.page
    ? [
        field.page.x,
        page.height - field.page.y - field.page.height,
        field.page.x + field.page.width,
        page.height - field.page.y,
      ]
    : [0, 0, 0, 0];
  const appearance = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, rect[2]! - rect[0]!, rect[3]! - rect[1]!],
  });
  appearance.end(undefined);
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: rect,
    V: sig,
    T: str('Signature1'),
    // Print, locked: the drawn block is the visible signature; the widget only marks where it is.
    F: 4 | 128,
    P: page.dictionary,
    AP: { N: appearance },
  });
  widget.end(undefined);
  (page.annotations as unknown[]).push(widget);
  // pdfkit's own form writes the AcroForm at end(); the signature field joins it (SigFlags: signatures exist,
  // append only).
  if (!internals._root.data.AcroForm) internals.initForm();
  const form = internals._root.data.AcroForm as { data: { Fields: unknown[]; [key: string]: unknown } };
  form.data.Fields.push(widget);
  form.data.SigFlags = 3;
  form.data.NeedAppearances = false;
}

class CadesSigner extends Signer {
  private readonly key: KeyObject;
  private readonly certificate: Uint8Array;
  private readonly chain: readonly Uint8Array[];

  constructor(key: KeyObject, certificate: Uint8Array, chain: readonly Uint8Array[]) {
    super();
    this.key = key;
    this.certificate = certificate;
    this.chain = chain;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return cadesDetached(content, this.key, this.certificate, this.chain);
  }
}

/** Fills the reserved signature of `pdf` (from reserveSignature) with a CAdES signature. */
export async function signReserved(
  pdf: Buffer,
  key: KeyObject,
  certificate: Uint8Array,
  chain: readonly Uint8Array[] = [],
): Promise<Buffer> {
  return new SignPdf().sign(pdf, new CadesSigner(key, certificate, chain));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading signatures back (the upload check).

export interface PdfSignature {
  byteRange: [number, number, number, number];
  /** The ranges are well formed, the gap is exactly the /Contents string, and they end at the end of the file. */
  coversWholeFile: boolean;
  subFilter: string | null;
  /** /M of the signature dictionary. */
  signedAt: Date | null;
  cms: CmsCheck | null;
  /** The bytes could not be read as a CMS signature. */
  unreadable: boolean;
}

const latin1 = (b: Buffer) => b.toString('latin1');

/** `D:YYYYMMDDHHmmSS[Z|+HH'mm']` → Date. */
export function pdfDate(value: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz] = m;
  let offset = 'Z';
  if (tz && tz !== 'Z') offset = `${tz.slice(0, 3)}:${tz.slice(3).replace(/'/g, '') || '00'}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Every signature of a PDF (by its /ByteRange), checked over its ranges. Never throws on malformed input. */
export function readSignatures(pdf: Buffer): PdfSignature[] {
  const text = latin1(pdf);
  const out: PdfSignature[] = [];
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const br = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number];
    const [a, b, c, d] = br;
    const inFile = a === 0 && b > 0 && c > b && c + d <= pdf.length;
    const gap = inFile ? text.slice(b, c) : '';
    const hex = /^<([0-9a-fA-F\s]*)>$/.exec(gap)?.[1]?.replace(/\s+/g, '');
    const coversWholeFile = inFile && hex !== undefined && c + d === pdf.length;
    // The dictionary around this /ByteRange: up to the enclosing object's end.
    const objStart = text.lastIndexOf(' obj', m.index);
    const objEnd = text.indexOf('endobj', m.index);
    const dict = text.slice(Math.max(0, objStart), objEnd < 0 ? undefined : objEnd);
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dict)?.[1] ?? null;
    const mText = /\/M\s*\(([^)]*)\)/.exec(dict)?.[1];
    let cms: CmsCheck | null = null;
    let unreadable = false;
    if (inFile && hex) {
      try {
        const der = trimDer(Buffer.from(hex, 'hex'));
        cms = checkCadesDetached(der, [pdf.subarray(a, b), pdf.subarray(c, c + d)]);
      } catch {
        unreadable = true;
      }
    } else unreadable = true;
    out.push({
      byteRange: br,
      coversWholeFile,
      subFilter,
      signedAt: mText ? pdfDate(mText) : null,
      cms,
      unreadable,
    });
  }
  return out;
}

/** The DER value at the start of a zero-padded /Contents (its length from the outer header). */
function trimDer(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x30) return bytes;
  const first = bytes[1]!;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const n = first & 0x7f;
  if (n === 0) return bytes; // indefinite length (BER): the parser finds the end itself
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + bytes[2 + i]!;
  return bytes.subarray(0, 2 + n + len);
}
