/**
 * What a stored file is called when it is downloaded. The user's own name is kept (Vietnamese included), but a
 * name must not lie about the file: control and bidirectional formatting characters are dropped (so
 * "invoice\u202Efdp.exe" cannot show as "invoiceexe.pdf"), and the extension is the one of the type found in the
 * bytes (a GIF named "poly.html" downloads as "poly.gif", never as a page a browser would render).
 */

// Controls become spaces; bidi embeddings/overrides/isolates, marks and zero-width characters go.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The extensions a detected type may keep (the first one is what a wrong or missing extension becomes). */
const EXTENSIONS: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  odf: ['odt', 'ods', 'odp', 'odg', 'odf'],
  doc: ['doc', 'dot', 'ppt', 'pps', 'msg'],
  xls: ['xls', 'xlt'],
  ole: ['doc', 'xls', 'ppt', 'msg'],
};

export function downloadName(name: string, ext: string): string {
  const clean = name.replace(CONTROLS, ' ').replace(HIDDEN, '').replace(/\s+/g, ' ').trim();
  const allowed = EXTENSIONS[ext] ?? [ext];
  const dot = clean.lastIndexOf('.');
  const current = dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (allowed.includes(current)) return clean;
  // Something that looks like an extension is replaced; otherwise (a dot inside a title) the type's is added.
  const base = /^[a-z0-9]{1,8}$/.test(current) ? clean.slice(0, dot) : clean;
  return `${base.replace(/\.+$/, '') || 'tep'}.${allowed[0]}`;
}
