/**
 * File types are decided by content, never by the name or the browser's claim: an executable renamed to
 * .pdf is refused. Office Open XML (xlsx/docx/pptx) are zip files told apart by their main part's name.
 */
export interface SniffedType {
  mime: string;
  ext: string;
  kind: 'image' | 'pdf' | 'spreadsheet' | 'document' | 'archive';
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

export function sniff(buf: Buffer): SniffedType | null {
  if (buf.length < 4) return null;
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' };
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Legacy Office compound file: .xls and .doc share the signature; the name decides which is shown.
    return { mime: 'application/x-ole-storage', ext: 'ole', kind: 'document' };
  }
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const head = buf.subarray(0, Math.min(buf.length, 64 * 1024)).toString('latin1');
    if (head.includes('xl/'))
      return {
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ext: 'xlsx',
        kind: 'spreadsheet',
      };
    if (head.includes('word/'))
      return {
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
        kind: 'document',
      };
    if (head.includes('ppt/'))
      return {
        mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        ext: 'pptx',
        kind: 'document',
      };
    if (head.includes('mimetypeapplication/vnd.oasis.opendocument'))
      return { mime: 'application/vnd.oasis.opendocument', ext: 'odf', kind: 'document' };
    return { mime: 'application/zip', ext: 'zip', kind: 'archive' };
  }
  return null;
}

/** The legacy compound type gets its real name from the extension the user gave. */
export function refineOle(type: SniffedType, fileName: string): SniffedType {
  if (type.ext !== 'ole') return type;
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xls')) return { mime: 'application/vnd.ms-excel', ext: 'xls', kind: 'spreadsheet' };
  return { mime: 'application/msword', ext: 'doc', kind: 'document' };
}
