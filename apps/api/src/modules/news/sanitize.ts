import sanitizeHtml from 'sanitize-html';
import { PORTAL_FILE_IMAGE } from '@portal/domain/news/index';

/**
 * An article's body as the portal keeps and shows it: the editor's HTML through an allow-list, on every save.
 * Only text formatting, headings, lists, quotes, code, tables, links (http, https, mailto or relative to the
 * portal, opened without handing the page to the target) and images (the portal's own public files or https).
 * Everything else — scripts, event handlers, styles, frames, SVG and MathML, unknown schemes — is removed, with
 * the content of elements that carry no readable text (scripts, styles, SVG…).
 */

const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Elements dropped with everything inside them: nothing in them is text a reader should see. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
];

/** Control characters and whitespace browsers ignore inside a scheme ("java\tscript:"). */
const IGNORED_IN_URL = /[\p{Cc}\s\u00ad\u200b-\u200f\ufeff]/gu;

/** A link target: http(s), mailto, or an address on the portal itself (not `//host` nor `/\host`). */
export function safeHref(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  const compact = value.replace(IGNORED_IN_URL, '');
  if (!compact) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme) return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? value : null;
  // No scheme: relative. A colon before the first slash would read as a scheme somewhere; two leading slashes
  // (either way round) name another host.
  if (/^[\\/]{2}/.test(compact) || compact.includes('\\')) return null;
  const firstSlash = compact.search(/[/?#]/);
  if (compact.slice(0, firstSlash === -1 ? undefined : firstSlash).includes(':')) return null;
  return value;
}

/** An image source: one of the portal's public files, or any https address. */
export function safeImageSrc(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (PORTAL_FILE_IMAGE.test(value)) return value;
  if (/^https:\/\/[^\s"'<>\\]+$/i.test(value) && !/\p{Cc}/u.test(value)) {
    try {
      return new URL(value).protocol === 'https:' ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeHref(attribs.href);
      const out: Record<string, string> = { rel: 'noopener noreferrer' };
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = safeImageSrc(attribs.src);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      if (attribs.alt) out.alt = attribs.alt;
      return { tagName, attribs: out };
    },
  },
  // An image without an acceptable source shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The body as plain text (descriptions, the feed, search): tags removed, whitespace collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
