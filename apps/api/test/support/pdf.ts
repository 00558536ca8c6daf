import { getDocument, ImageKind, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsqr from 'jsqr';

// jsQR is CommonJS typed as an ES default export: the function is both `module.exports` and its `.default`.
const jsQR = jsqr.default;

/**
 * Reads a PDF back the way a person's viewer would, with real parsers: pdf.js (Mozilla's, legacy build for Node)
 * for the text, the page count, the document information and the link annotations, and jsQR for every QR code
 * painted as an image. Tests assert on what comes out, never on the bytes pdfkit wrote.
 */
export interface ReadPdf {
  /** Every page's text in reading order: items joined by spaces, lines by "\n", pages by "\n\n"; NFC. */
  text: string;
  /** The same text per page. */
  pageTexts: string[];
  pages: number;
  /** The payload of every QR code found in an image, in page order. */
  qrCodes: string[];
  /** Document information (Title, Subject, Creator, Producer, …) and the PDF's language. */
  metadata: Record<string, unknown>;
  /** The URLs of link annotations, in page order. */
  links: string[];
}

interface TextItemLike {
  str: string;
  hasEOL: boolean;
  transform: number[];
  width: number;
}

interface ImageLike {
  width: number;
  height: number;
  data?: Uint8Array | Uint8ClampedArray;
  kind?: number;
}

interface ObjsLike {
  get(name: string, callback: (value: unknown) => void): void;
}

/** An image object arrives from the worker after the operator list: wait for it. */
function objectOf(objs: ObjsLike, name: string): Promise<unknown> {
  return new Promise((resolve) => objs.get(name, resolve));
}

export async function readPdf(buffer: Buffer | Uint8Array): Promise<ReadPdf> {
  // pdf.js takes ownership of (and detaches) the array it is given: hand it a copy.
  const data = new Uint8Array(buffer.byteLength);
  data.set(buffer);
  const task = getDocument({
    data,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  const pdf = await task.promise;
  try {
    const pageTexts: string[] = [];
    const qrCodes: string[] = [];
    const links: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pageTexts.push(joinText(content.items.filter((i): i is TextItemLike & typeof i => 'str' in i)));

      const ops = await page.getOperatorList();
      for (let i = 0; i < ops.fnArray.length; i++) {
        const fn = ops.fnArray[i];
        const args = ops.argsArray[i] as unknown[];
        let image: ImageLike | undefined;
        if (fn === OPS.paintImageXObject || fn === OPS.paintImageXObjectRepeat) {
          const name = args[0] as string;
          // Images shared between pages live in the document's objects ("g_…"), the rest in the page's.
          const objs = (name.startsWith('g_') ? page.commonObjs : page.objs) as unknown as ObjsLike;
          image = (await objectOf(objs, name)) as ImageLike;
        } else if (fn === OPS.paintInlineImageXObject) {
          image = args[0] as ImageLike;
        }
        const rgba = image && toRgba(image);
        if (!rgba || !image) continue;
        const code = jsQR(rgba, image.width, image.height);
        if (code) qrCodes.push(code.data);
      }

      for (const a of (await page.getAnnotations()) as { subtype?: string; url?: string }[]) {
        if (a.subtype === 'Link' && a.url) links.push(a.url);
      }
      page.cleanup();
    }
    const { info } = await pdf.getMetadata();
    return {
      text: pageTexts.join('\n\n'),
      pageTexts,
      pages: pdf.numPages,
      qrCodes,
      metadata: { ...(info as Record<string, unknown>) },
      links,
    };
  } finally {
    await task.destroy();
  }
}

/**
 * Items on one baseline are joined with a space where pdf.js saw a gap (or none where a word was only split into
 * runs), a change of baseline or an end-of-line mark starts a new line. Runs of spaces collapse.
 */
function joinText(items: TextItemLike[]): string {
  let out = '';
  let prev: TextItemLike | null = null;
  for (const item of items) {
    if (prev) {
      const sameLine = Math.abs((item.transform[5] ?? 0) - (prev.transform[5] ?? 0)) < 1;
      if (prev.hasEOL || !sameLine) out += '\n';
      else {
        const prevEnd = (prev.transform[4] ?? 0) + prev.width;
        const gap = (item.transform[4] ?? 0) - prevEnd;
        const fontSize = Math.hypot(item.transform[0] ?? 0, item.transform[1] ?? 0) || 10;
        if (gap > fontSize * 0.15 && !out.endsWith(' ') && !item.str.startsWith(' ')) out += ' ';
      }
    }
    out += item.str;
    prev = item;
  }
  return out
    .normalize('NFC')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** pdf.js hands decoded images as 1-bit grey (packed rows), RGB or RGBA; jsQR wants RGBA. */
function toRgba(image: ImageLike): Uint8ClampedArray | null {
  const { width, height, data, kind } = image;
  if (!data || !width || !height) return null;
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === ImageKind.RGBA_32BPP) {
    out.set(data.subarray(0, out.length));
  } else if (kind === ImageKind.RGB_24BPP) {
    for (let p = 0, q = 0; p < width * height; p++, q += 3) {
      out[p * 4] = data[q]!;
      out[p * 4 + 1] = data[q + 1]!;
      out[p * 4 + 2] = data[q + 2]!;
      out[p * 4 + 3] = 255;
    }
  } else if (kind === ImageKind.GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        const v = bit ? 255 : 0;
        const p = (y * width + x) * 4;
        out[p] = out[p + 1] = out[p + 2] = v;
        out[p + 3] = 255;
      }
    }
  } else {
    return null;
  }
  return out;
}
