import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { DEFAULT_LANGUAGE, translate } from '@portal/domain/i18n';
import type { Font } from 'fontkit';
import { documentFonts, FONT_FACES, type FontFace } from './fonts.ts';

/**
 * The product's one document renderer: receipts, confirmations, certificates and reports are all A4 PDFs laid
 * out like a Vietnamese administrative document (Nghị định 30/2020 in spirit): issuer top-left and national motto
 * top-right, number and place/date under them, a centred bold title, the body (paragraphs, two-column facts, a
 * table that breaks across pages with its header repeated), the signature block bottom-right and a verifying QR
 * bottom-left with its caption and URL.
 *
 * Every string is the caller's, already translated: the renderer holds no wording of its own (the PDF's Creator
 * defaults to the portal's name from the `common` locale). The typeface covers Vietnamese (see `fonts.ts`).
 *
 * The QR must open a public verification page that shows no personal data: the URL is printed under the code and
 * is also a link, so anyone can check a paper copy or a file against the portal.
 */
export interface DocumentField {
  label: string;
  value: string;
}

export interface DocumentTable {
  columns: string[];
  /** One array per row; a short row is padded with empty cells, extra cells are dropped. */
  rows: string[][];
}

export interface DocumentSpec {
  /** Centred bold title ("GIẤY XÁC NHẬN …"); also the PDF's Title unless `metadata.title` is given. */
  title: string;
  /** Header lines top-left (province, then department); the last line is set bold with a rule under it. */
  issuer?: string[];
  /** Top-right lines: the national motto ("CỘNG HOÀ XÃ HỘI CHỦ NGHĨA VIỆT NAM", "Độc lập - Tự do - Hạnh phúc"). */
  motto?: string[];
  /** Document number under the issuer ("Số: 12/XN-SNV"). */
  number?: string;
  /** Place and date under the motto, in italics ("Đắk Lắk, ngày 25 tháng 11 năm 2026"). */
  place?: string;
  /** Body paragraphs, justified with a first-line indent; `\n` inside one breaks the line. */
  paragraphs?: string[];
  /** Two-column facts (label | value) after the paragraphs. */
  fields?: DocumentField[];
  /** A bordered table after the fields; long tables break across pages and repeat their header row. */
  table?: DocumentTable;
  /** Signature block bottom-right: the signer's title (bold; `\n` for "KT. GIÁM ĐỐC\nPHÓ GIÁM ĐỐC"), room to sign, the name. */
  signature?: { title: string; name?: string };
  /** Verifying QR bottom-left: `url` (http or https) is encoded, linked and printed under `caption`. */
  qr?: { url: string; caption: string };
  /** Small line at the foot of every page, beside the page number ("n/N"). */
  footer?: string;
  /** PDF document information; Title defaults to `title`, Creator to the portal's name. */
  metadata?: { title?: string; subject?: string; author?: string; keywords?: string; creator?: string };
  /** BCP 47 language of the text (the PDF's /Lang, read by screen readers); default "vi". */
  lang?: string;
}

// A4 in points, margins after the administrative-document rules (top/bottom 20 mm, left 30 mm, right 20 mm).
const MM = 72 / 25.4;
const MARGINS = { top: 20 * MM, bottom: 20 * MM, left: 30 * MM, right: 20 * MM };

const SIZE = { header: 12, motto: 12, title: 14, body: 13, table: 10, small: 8.5, tiny: 7, footer: 8 };
const LINE_GAP = 2;
const CELL_PAD = 4;
const QR_SIZE = 90;
const RULE = 0.5;

type Doc = PDFKit.PDFDocument;

/** Render one document to PDF bytes. Throws on a QR URL that is not http(s). */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  return renderDocuments([spec]);
}

/**
 * Several documents in one file (the credentials of a request, one per page): each starts on a new page, with its
 * own header, QR and page numbers; the file's information is the first document's.
 */
export async function renderDocuments(specs: readonly DocumentSpec[]): Promise<Buffer> {
  if (!specs.length) throw new Error('renderDocuments: no document');
  const fonts = await documentFonts();
  const all = specs.map((spec) => normalise(spec, fonts.regular));
  // Signing (when a module installed a signer and the department set a certificate): see DocumentSigner.
  const signing = (await documentSigner?.prepare(all)) ?? null;
  // A record's own QR (its public look-up) stays; a document without one gets the file's verification page.
  if (signing?.verify && all.length === 1 && !all[0]!.qr) all[0]!.qr = signing.verify;
  const s = all[0]!;
  const qrPngs = await Promise.all(all.map((d) => (d.qr ? qrImage(d.qr.url) : null)));

  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    compress: true,
    bufferPages: true,
    autoFirstPage: true,
    lang: s.lang ?? 'vi',
    displayTitle: true,
    // The regular face doubles as the default font, so pdfkit never loads its built-in Helvetica. pdfkit takes a
    // parsed fontkit font wherever it takes font bytes (its types only list bytes and paths).
    font: fonts.regular as unknown as string,
    info: {
      Title: s.metadata?.title ?? s.title,
      ...(s.metadata?.subject ? { Subject: s.metadata.subject } : {}),
      ...(s.metadata?.author ? { Author: s.metadata.author } : {}),
      ...(s.metadata?.keywords ? { Keywords: s.metadata.keywords } : {}),
      Creator: s.metadata?.creator ?? translate(DEFAULT_LANGUAGE, 'common:appName'),
    },
  });
  for (const face of FONT_FACES) doc.registerFont(face, fonts[face] as unknown as Buffer);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout = new Layout(
    doc,
    signing && {
      lines: signing.stamp.map((line) => printable(line.normalize('NFC'), fonts.regular)),
      url: signing.verify?.url,
    },
  );
  const parts: { first: number; footer: string | undefined }[] = [];
  all.forEach((d, i) => {
    if (i > 0) {
      doc.addPage();
      doc.y = MARGINS.top;
    }
    parts.push({ first: doc.bufferedPageRange().count - 1, footer: d.footer });
    const qrPng = qrPngs[i];
    layout.header(d);
    layout.title(d.title);
    for (const p of d.paragraphs ?? []) layout.paragraph(p);
    if (d.fields?.length) layout.fields(d.fields);
    if (d.table?.columns.length) layout.table(d.table);
    if (d.signature || d.qr) layout.closing(d.signature, d.qr && qrPng ? { ...d.qr, png: qrPng } : undefined);
  });
  const pages = doc.bufferedPageRange().count;
  parts.forEach((part, i) => layout.pageFoot(part.footer, part.first, (parts[i + 1]?.first ?? pages) - part.first));
  signing?.reserve(doc, layout.stampBox);

  doc.end();
  return signing ? signing.finish(await done) : done;
}

/** Where the visible signature was drawn: page index and rectangle (pdfkit's top-left coordinates, points). */
export interface StampBox {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One file's signing, from DocumentSigner.prepare. */
export interface DocumentSigning {
  /** The visible signature's lines (agency, signing time, verification code), already translated. */
  stamp: string[];
  /** The file's public verification page: the stamp links to it, and a one-document file without a QR gets it as its QR. */
  verify?: { url: string; caption: string };
  /** Reserves the signature in the finished layout (before the file is written). */
  reserve(doc: Doc, box: StampBox | undefined): void;
  /** Signs the written file (and records it); answers the signed bytes. */
  finish(pdf: Buffer): Promise<Buffer>;
}

/**
 * Signs every issued document when the department has set a certificate (modules/signed-documents installs it;
 * the renderer stays free of keys, storage and wording). `prepare` answers null when nothing is to be signed.
 */
export interface DocumentSigner {
  prepare(specs: readonly DocumentSpec[]): Promise<DocumentSigning | null>;
}

let documentSigner: DocumentSigner | undefined;

/** Installs the signer (one per process, the last app built wins); answers a function that removes it again. */
export function useDocumentSigner(signer: DocumentSigner): () => void {
  documentSigner = signer;
  return () => {
    if (documentSigner === signer) documentSigner = undefined;
  };
}

/**
 * Signs the typeface lacks (Noto Serif has no mathematical operators or arrows), written the way a typewriter
 * would, so a label such as "≥ 2" never prints as an empty box. A sign neither in the font nor here stays as given.
 */
const GLYPH_FALLBACKS: Readonly<Record<string, string>> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '<>',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '✓': 'x',
};
const FALLBACK_PATTERN = new RegExp(`[${Object.keys(GLYPH_FALLBACKS).join('')}]`, 'gu');

/** `text` with every sign the font lacks replaced by its fallback. */
export function printable(text: string, font: Pick<Font, 'hasGlyphForCodePoint'>): string {
  return text.replace(FALLBACK_PATTERN, (c) =>
    font.hasGlyphForCodePoint(c.codePointAt(0)!) ? c : (GLYPH_FALLBACKS[c] ?? c),
  );
}

/**
 * NFC everywhere (a decomposed "ữ" from an old database shapes worse), CR LF to LF, and signs the font lacks
 * replaced (every face covers the same characters).
 */
function normalise(spec: DocumentSpec, font: Font): DocumentSpec {
  const n = (v: string) => printable(v.normalize('NFC').replace(/\r\n?/g, '\n'), font);
  const all = (v: string[] | undefined) => v?.map(n);
  return {
    ...spec,
    title: n(spec.title),
    issuer: all(spec.issuer),
    motto: all(spec.motto),
    number: spec.number === undefined ? undefined : n(spec.number),
    place: spec.place === undefined ? undefined : n(spec.place),
    paragraphs: all(spec.paragraphs),
    fields: spec.fields?.map((f) => ({ label: n(f.label), value: n(f.value) })),
    table: spec.table && {
      columns: spec.table.columns.map(n),
      rows: spec.table.rows.map((r) => spec.table!.columns.map((_, i) => n(r[i] ?? ''))),
    },
    signature: spec.signature && {
      title: n(spec.signature.title),
      ...(spec.signature.name === undefined ? {} : { name: n(spec.signature.name) }),
    },
    qr: spec.qr && { url: spec.qr.url.trim(), caption: n(spec.qr.caption) },
    footer: spec.footer === undefined ? undefined : n(spec.footer),
  };
}

async function qrImage(url: string): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`document QR: not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`document QR: only http(s) URLs, got ${parsed.protocol}`);
  }
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });
}

/** The cursor and the page geometry, with one method per block of the document. */
class Layout {
  private readonly doc: Doc;
  readonly left: number;
  readonly width: number;
  /** The visible signature's lines, drawn in the signature block's room to sign; where it went (the last one). */
  private readonly stamp: { lines: string[]; url?: string | undefined } | undefined;
  stampBox: StampBox | undefined;

  constructor(doc: Doc, stamp?: { lines: string[]; url?: string | undefined } | null) {
    this.doc = doc;
    this.stamp = stamp ?? undefined;
    this.left = MARGINS.left;
    this.width = doc.page.width - MARGINS.left - MARGINS.right;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGINS.bottom;
  }

  private get usableHeight(): number {
    return this.doc.page.height - MARGINS.top - MARGINS.bottom;
  }

  private use(face: FontFace, size: number): Doc {
    return this.doc.font(face).fontSize(size);
  }

  /** Starts a new page when `height` does not fit under the cursor (and something is already on this page). */
  private ensure(height: number): void {
    if (this.doc.y + height > this.bottom && this.doc.y > MARGINS.top + 1) {
      this.doc.addPage();
      this.doc.y = MARGINS.top;
    }
  }

  /** The largest size ≤ `size` at which `text` stays on one line of `width` (header lines are never wrapped). */
  private fit(text: string, face: FontFace, size: number, width: number, min = 8): number {
    this.use(face, size);
    const natural = this.doc.widthOfString(text);
    if (natural <= width) return size;
    return Math.max(min, Math.floor(((size * width) / natural) * 4) / 4);
  }

  /** One centred line in the column [x, x + width), shrunk to fit; returns its height. */
  private centredLine(text: string, face: FontFace, size: number, x: number, y: number, width: number): number {
    const fitted = this.fit(text, face, size, width);
    this.use(face, fitted);
    const h = this.doc.heightOfString(text, { width, lineGap: LINE_GAP });
    this.doc.text(text, x, y, { width, align: 'center', lineGap: LINE_GAP });
    return h;
  }

  /** A short rule centred under a line (the underline of the department name and of the motto). */
  private ruleUnder(x: number, width: number, y: number, ruleWidth: number): void {
    const w = Math.min(width, ruleWidth);
    this.doc
      .moveTo(x + (width - w) / 2, y)
      .lineTo(x + (width + w) / 2, y)
      .lineWidth(RULE)
      .strokeColor('#000')
      .stroke();
  }

  header(s: DocumentSpec): void {
    const issuer = (s.issuer ?? []).filter((l) => l.trim());
    const motto = (s.motto ?? []).filter((l) => l.trim());
    if (!issuer.length && !motto.length && !s.number && !s.place) return;

    const top = MARGINS.top;
    const gutter = 8;
    // Two columns: issuer ~40 %, motto ~60 % (the motto's first line is the longest line of the header).
    const leftW = issuer.length || s.number ? Math.round(this.width * 0.4) : 0;
    const rightX = this.left + leftW + (leftW ? gutter : 0);
    const rightW = this.left + this.width - rightX;

    let yl = top;
    issuer.forEach((line, i) => {
      const last = i === issuer.length - 1;
      const face: FontFace = last ? 'bold' : 'regular';
      yl += this.centredLine(line, face, SIZE.header, this.left, yl, leftW);
      if (last) {
        this.use('bold', this.fit(line, 'bold', SIZE.header, leftW));
        this.ruleUnder(this.left, leftW, yl + 1, this.doc.widthOfString(line) * 0.5);
        yl += 5;
      }
    });

    let yr = top;
    motto.forEach((line, i) => {
      const size = i === 0 ? SIZE.motto : SIZE.motto + 1;
      yr += this.centredLine(line, 'bold', size, rightX, yr, rightW);
      if (i === motto.length - 1 && motto.length > 1) {
        this.use('bold', this.fit(line, 'bold', size, rightW));
        this.ruleUnder(rightX, rightW, yr + 1, this.doc.widthOfString(line));
        yr += 5;
      }
    });

    // Number and place/date share one line under the taller of the two blocks.
    let y = Math.max(yl, yr) + (issuer.length || motto.length ? 6 : 0);
    let below = y;
    if (s.number) below = Math.max(below, y + this.centredLine(s.number, 'regular', SIZE.body, this.left, y, leftW));
    if (s.place) below = Math.max(below, y + this.centredLine(s.place, 'italic', SIZE.body, rightX, y, rightW));
    y = below;

    this.doc.x = this.left;
    this.doc.y = y + 18;
  }

  title(text: string): void {
    if (!text.trim()) return;
    this.use('bold', SIZE.title);
    const h = this.doc.heightOfString(text, { width: this.width, lineGap: LINE_GAP });
    this.ensure(h);
    this.doc.text(text, this.left, this.doc.y, { width: this.width, align: 'center', lineGap: LINE_GAP });
    this.doc.y += 14;
  }

  paragraph(text: string): void {
    if (!text.trim()) return;
    this.use('regular', SIZE.body);
    // Keep at least two lines together at a page foot; pdfkit flows the rest onto new pages itself.
    this.ensure(Math.min(this.doc.heightOfString(text, { width: this.width, lineGap: LINE_GAP }), 2 * 20));
    this.doc.text(text, this.left, this.doc.y, {
      width: this.width,
      align: 'justify',
      indent: 28,
      lineGap: LINE_GAP,
      paragraphGap: 6,
    });
    this.doc.y += 2;
  }

  fields(fields: DocumentField[]): void {
    const labelW = Math.round(this.width * 0.36);
    const gap = 10;
    const valueX = this.left + labelW + gap;
    const valueW = this.width - labelW - gap;
    this.doc.y += 4;
    for (const f of fields) {
      this.use('regular', SIZE.body);
      const lh = f.label ? this.doc.heightOfString(f.label, { width: labelW, lineGap: LINE_GAP }) : 0;
      this.use('bold', SIZE.body);
      const vh = f.value ? this.doc.heightOfString(f.value, { width: valueW, lineGap: LINE_GAP }) : 0;
      const h = Math.max(lh, vh, this.doc.currentLineHeight(true));
      if (h > this.usableHeight - 20) {
        // A value longer than a page: the label on its own line, then the value flowing over pages.
        this.ensure(2 * this.doc.currentLineHeight(true));
        this.use('regular', SIZE.body).text(f.label, this.left, this.doc.y, { width: this.width, lineGap: LINE_GAP });
        this.use('bold', SIZE.body).text(f.value, this.left, this.doc.y, { width: this.width, lineGap: LINE_GAP });
        this.doc.y += 4;
        continue;
      }
      this.ensure(h);
      const y = this.doc.y;
      if (f.label) this.use('regular', SIZE.body).text(f.label, this.left, y, { width: labelW, lineGap: LINE_GAP });
      if (f.value) this.use('bold', SIZE.body).text(f.value, valueX, y, { width: valueW, lineGap: LINE_GAP });
      this.doc.y = y + h + 4;
    }
    this.doc.x = this.left;
    this.doc.y += 6;
  }

  /**
   * Column widths: every column gets room for its longest word (up to a third of the line), the rest is shared
   * by how much text a column holds on average, so one long remark does not squeeze every other column.
   */
  private columnWidths(t: DocumentTable): number[] {
    const sample = t.rows.slice(0, 200);
    const minW: number[] = [];
    const wantW: number[] = [];
    t.columns.forEach((col, c) => {
      this.use('bold', SIZE.table);
      let longestWord = Math.max(0, ...col.split(/\s+/).map((w) => this.doc.widthOfString(w)));
      const head = Math.max(0, ...col.split('\n').map((l) => this.doc.widthOfString(l)));
      this.use('regular', SIZE.table);
      let sum = 0;
      for (const row of sample) {
        const cell = row[c] ?? '';
        if (!cell) continue;
        for (const w of cell.split(/\s+/)) longestWord = Math.max(longestWord, this.doc.widthOfString(w));
        sum += Math.max(...cell.split('\n').map((l) => this.doc.widthOfString(l)));
      }
      const mean = sample.length ? sum / sample.length : 0;
      const min = Math.min(longestWord, this.width / 3) + 2 * CELL_PAD + 1;
      minW.push(min);
      wantW.push(Math.max(min, Math.min(Math.max(head * 0.6, mean * 1.15), this.width) + 2 * CELL_PAD + 1));
    });
    const total = this.width;
    const sumMin = minW.reduce((a, b) => a + b, 0);
    const sumWant = wantW.reduce((a, b) => a + b, 0);
    if (sumMin >= total) return minW.map((w) => (w * total) / sumMin);
    if (sumWant <= total) return wantW.map((w) => (w * total) / sumWant);
    const extra = wantW.map((w, i) => w - minW[i]!);
    const sumExtra = extra.reduce((a, b) => a + b, 0);
    return minW.map((w, i) => w + (extra[i]! * (total - sumMin)) / sumExtra);
  }

  private rowHeight(cells: string[], widths: number[], face: FontFace): number {
    this.use(face, SIZE.table);
    let h = this.doc.currentLineHeight(true);
    cells.forEach((cell, i) => {
      if (cell) h = Math.max(h, this.doc.heightOfString(cell, { width: widths[i]! - 2 * CELL_PAD, lineGap: 1 }));
    });
    return h + 2 * CELL_PAD;
  }

  private drawRow(cells: string[], widths: number[], face: FontFace, y: number, height: number, fill?: string) {
    let x = this.left;
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      if (fill) this.doc.rect(x, y, w, height).fillColor(fill).fill();
      this.doc.rect(x, y, w, height).lineWidth(RULE).strokeColor('#000').stroke();
      if (cell) {
        this.use(face, SIZE.table)
          .fillColor('#000')
          .text(cell, x + CELL_PAD, y + CELL_PAD, {
            width: w - 2 * CELL_PAD,
            height: height - 2 * CELL_PAD,
            align: face === 'bold' ? 'center' : 'left',
            lineGap: 1,
            ellipsis: true,
          });
      }
      x += w;
    });
    this.doc.fillColor('#000');
  }

  table(t: DocumentTable): void {
    const widths = this.columnWidths(t);
    // A cell taller than a page is cut with an ellipsis rather than flowing out of its row.
    const maxRow = this.usableHeight / 2;
    const headH = Math.min(this.rowHeight(t.columns, widths, 'bold'), maxRow);
    const head = () => {
      const y = this.doc.y;
      this.drawRow(t.columns, widths, 'bold', y, headH, '#e6e6e6');
      this.doc.y = y + headH;
    };
    this.doc.y += 4;
    const firstH = t.rows[0] ? Math.min(this.rowHeight(t.rows[0], widths, 'regular'), maxRow) : 0;
    this.ensure(headH + firstH);
    head();
    for (const row of t.rows) {
      const h = Math.min(this.rowHeight(row, widths, 'regular'), maxRow);
      if (this.doc.y + h > this.bottom) {
        this.doc.addPage();
        this.doc.y = MARGINS.top;
        head();
      }
      const y = this.doc.y;
      this.drawRow(row, widths, 'regular', y, h);
      this.doc.y = y + h;
    }
    this.doc.x = this.left;
    this.doc.y += 12;
  }

  /** Signature bottom-right and QR bottom-left, side by side, kept together on one page. */
  closing(signature: DocumentSpec['signature'], qr: { url: string; caption: string; png: Buffer } | undefined): void {
    const sigW = Math.round(this.width * 0.55);
    const sigX = this.left + this.width - sigW;
    const qrW = this.width - sigW - 12;

    this.use('bold', SIZE.body);
    const sigTitleH = signature ? this.doc.heightOfString(signature.title, { width: sigW, lineGap: LINE_GAP }) : 0;
    const sigNameH = signature?.name ? this.doc.heightOfString(signature.name, { width: sigW, lineGap: LINE_GAP }) : 0;
    const signRoom = 64;
    const sigH = signature ? sigTitleH + signRoom + sigNameH : 0;

    this.use('regular', SIZE.small);
    const capH = qr?.caption ? this.doc.heightOfString(qr.caption, { width: qrW, lineGap: 1 }) : 0;
    this.use('regular', SIZE.tiny);
    const urlH = qr ? this.doc.heightOfString(qr.url, { width: qrW, lineGap: 0 }) : 0;
    const qrH = qr ? QR_SIZE + 4 + capH + 2 + urlH : 0;

    this.doc.y += 8;
    this.ensure(Math.max(sigH, qrH));
    const y = this.doc.y;

    if (signature) {
      this.use('bold', SIZE.body).text(signature.title, sigX, y, { width: sigW, align: 'center', lineGap: LINE_GAP });
      if (this.stamp?.lines.length) this.drawStamp(sigX, y + sigTitleH + 4, sigW, signRoom - 8);
      if (signature.name) {
        this.use('bold', SIZE.body).text(signature.name, sigX, y + sigTitleH + signRoom, {
          width: sigW,
          align: 'center',
          lineGap: LINE_GAP,
        });
      }
    }
    if (qr) {
      // The code sits at the top of the band, level with the signer's title.
      this.doc.image(qr.png, this.left, y, { width: QR_SIZE, height: QR_SIZE });
      this.doc.link(this.left, y, QR_SIZE, QR_SIZE, qr.url);
      let cy = y + QR_SIZE + 4;
      if (qr.caption) {
        this.use('regular', SIZE.small).text(qr.caption, this.left, cy, { width: qrW, lineGap: 1 });
        cy += capH + 2;
      }
      this.use('regular', SIZE.tiny)
        .fillColor('#333')
        .text(qr.url, this.left, cy, { width: qrW, lineGap: 0, link: qr.url })
        .fillColor('#000');
    }
    this.doc.x = this.left;
    this.doc.y = y + Math.max(sigH, qrH);
  }

  /** The visible digital signature: a framed block of small lines (agency, time, code), centred in the room to sign. */
  private drawStamp(x: number, y: number, width: number, height: number): void {
    const lines = this.stamp?.lines ?? [];
    const w = Math.min(width, 230);
    const left = x + (width - w) / 2;
    this.doc.save();
    this.doc.rect(left, y, w, height).lineWidth(0.8).strokeColor('#1f4e9c').stroke();
    let ly = y + 4;
    lines.forEach((line, i) => {
      const face: FontFace = i === 0 ? 'bold' : 'regular';
      const size = this.fit(line, face, SIZE.small, w - 8, 6);
      this.use(face, size)
        .fillColor('#1f4e9c')
        .text(line, left + 4, ly, { width: w - 8, lineBreak: false, ellipsis: true });
      ly += this.doc.currentLineHeight(true) + 1;
    });
    this.doc.fillColor('#000').restore();
    if (this.stamp?.url) this.doc.link(left, y, w, height, this.stamp.url);
    this.stampBox = { index: this.doc.bufferedPageRange().count - 1, x: left, y, width: w, height };
  }

  /**
   * Footer text and "n/N" on every page of one document (pages `start` to `start + total - 1` of the file), drawn in
   * the bottom margin once the page count is known.
   */
  pageFoot(footer: string | undefined, start: number, total: number): void {
    if (total < 2 && !footer) return;
    for (let i = start; i < start + total; i++) {
      this.doc.switchToPage(i);
      const margins = this.doc.page.margins;
      const saved = margins.bottom;
      margins.bottom = 0; // writing inside the margin must not start a new page
      const y = this.doc.page.height - saved + 16;
      const numberW = 40;
      this.use('regular', SIZE.footer).fillColor('#444');
      if (footer) {
        this.doc.text(footer, this.left, y, {
          width: this.width - numberW - 8,
          height: saved - 20,
          lineGap: 0,
          ellipsis: true,
        });
      }
      if (total > 1) {
        this.doc.text(`${i - start + 1}/${total}`, this.left + this.width - numberW, y, {
          width: numberW,
          align: 'right',
          lineBreak: false,
        });
      }
      this.doc.fillColor('#000');
      margins.bottom = saved;
    }
  }
}
