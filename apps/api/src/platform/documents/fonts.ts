import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The documents' typeface: Noto Serif (SIL Open Font License), whole TrueType files from the npm package
 * `@expo-google-fonts/noto-serif`. Each file covers Latin and every Vietnamese letter with its tones (ệ, ữ, Ộ, đ…)
 * in one font, so a line never needs a fallback font. (The `@fontsource/*` packages ship the same family only as
 * per-script subsets: the "vietnamese" file lacks the basic Latin letters, so it cannot set a line on its own.)
 *
 * Paths are resolved through the package, so they hold in the repository and in a production install alike. Each
 * file is read and parsed (fontkit) once per process: decoding the layout tables (GSUB, GPOS) costs tens of
 * milliseconds a face, more than laying out a page. A document gets its own view of each parsed font
 * (`Object.create`): the decoded tables are shared, but the glyph objects are the view's own, because fontkit keeps
 * the characters a glyph was first met with on the glyph and pdfkit writes them as the text layer (ToUnicode). In a
 * shared cache, a glyph first met as a part of another (the ư inside ữ, while a subset is written) would keep no
 * characters, and every later document would lose that letter when copied or searched. The layout engine and the
 * cmap lookup are cached per view by fontkit itself. A document is laid out and written synchronously, so views
 * never interleave on the shared stream.
 */
export type FontFace = 'regular' | 'bold' | 'italic';

const files: Record<FontFace, string> = {
  regular: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  italic: '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
};

export const FONT_FACES = Object.keys(files) as FontFace[];

const require = createRequire(import.meta.url);

/** The file of one face (for tools that want a path rather than bytes). */
export function fontPath(face: FontFace): string {
  return require.resolve(files[face]);
}

let loading: Promise<Record<FontFace, Font>> | null = null;

async function load(face: FontFace): Promise<Font> {
  const file = fontPath(face);
  const font = create(await readFile(file));
  if (!('layout' in font)) throw new Error(`document font ${file}: a collection, not one font`);
  return font;
}

/** Glyph objects of its own over the shared tables (see above); the shared font itself is never laid out. */
function view(font: Font): Font {
  const v = Object.create(font) as Font & { _glyphs: Record<number, unknown> };
  v._glyphs = {};
  return v;
}

/** Every face for one document; files are read and parsed on the first call only. */
export async function documentFonts(): Promise<Record<FontFace, Font>> {
  loading ??= (async () => {
    const entries = await Promise.all(FONT_FACES.map(async (face) => [face, await load(face)] as const));
    return Object.fromEntries(entries) as Record<FontFace, Font>;
  })();
  // A failed read (a broken install) is not cached: the next document tries again and reports it again.
  loading.catch(() => {
    loading = null;
  });
  const parsed = await loading;
  return { regular: view(parsed.regular), bold: view(parsed.bold), italic: view(parsed.italic) };
}
