import { describe, expect, it } from 'vitest';
import { plainText, safeHref, safeImageSrc, sanitizeArticleHtml } from './sanitize.ts';

const FILE = '/api/Files/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

/** Payloads from the usual XSS cheat sheets: none may leave anything that runs. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<p onclick="alert(1)">x</p>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="http://insecure.example/a.png">',
  '<img src="//evil.example/a.png">',
  '<img src="/api/Files/../../etc/passwd">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<a href="\\\\evil.example">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">x</math>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<video><source onerror="alert(1)"></video>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://ok.example" target="_blank" rel="opener">x</a>',
  '"><script>alert(1)</script>',
  '<table background="javascript:alert(1)"><tr><td onmouseover=alert(1)>x</td></tr></table>',
];

const ALLOWED = new Set(
  'p h2 h3 h4 strong em u s a ul ol li blockquote code pre img br hr table thead tbody tr th td'.split(' '),
);
const ATTRIBUTES: Record<string, Set<string>> = { a: new Set(['href', 'title', 'rel']), img: new Set(['src', 'alt']) };

/** Every element of the output is allowed, with allowed attributes only, and every address is acceptable. */
function assertClean(html: string): void {
  for (const [, tag, attrs] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(ALLOWED.has(tag!.toLowerCase()), `${tag} in ${html}`).toBe(true);
    for (const [, name, value] of attrs!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(ATTRIBUTES[tag!.toLowerCase()]?.has(name!), `${name} on ${tag} in ${html}`).toBe(true);
      const decoded = (value ?? '').replace(/&amp;/g, '&');
      if (name === 'href') expect(safeHref(decoded), decoded).not.toBeNull();
      if (name === 'src') expect(safeImageSrc(decoded), decoded).not.toBeNull();
      if (name === 'rel') expect(value).toBe('noopener noreferrer');
    }
  }
  expect(html).not.toMatch(
    /javascript:|vbscript:|data:|<script|<svg|<math|<iframe|<object|<embed|<style|\son\w+=|expression\(/i,
  );
}

describe('the article body’s allow-list', () => {
  it.each(PAYLOADS)('leaves nothing of %s that runs', (payload) => {
    const out = sanitizeArticleHtml(payload);
    assertClean(out);
    // Sanitising is stable: the output passes through unchanged.
    expect(sanitizeArticleHtml(out)).toBe(out);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Tiêu đề</h2><p><strong>Đậm</strong> <em>nghiêng</em> <u>gạch</u> <s>xóa</s> <code>x</code><br></p>' +
      '<ul><li>một</li></ul><ol><li>hai</li></ol><blockquote><p>trích</p></blockquote><pre><code>a &lt; b</code></pre><hr>' +
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      `<p><img src="${FILE}" alt="Ảnh"><img src="https://cdn.example.vn/a.jpg" alt=""></p>` +
      '<p><a href="https://molisa.gov.vn/van-ban?id=1&amp;x=2" title="Bộ">Bộ</a> <a href="/tin-tuc">tin</a> <a href="mailto:so@lamdong.gov.vn">thư</a></p>';
    const out = sanitizeArticleHtml(html);
    assertClean(out);
    for (const piece of [
      '<h2>Tiêu đề</h2>',
      '<strong>Đậm</strong>',
      '<u>gạch</u>',
      '<pre><code>a &lt; b</code></pre>',
      '<th>A</th>',
      `<img src="${FILE}" alt="Ảnh" />`,
      '<img src="https://cdn.example.vn/a.jpg" />',
      '<a rel="noopener noreferrer" href="https://molisa.gov.vn/van-ban?id=1&amp;x=2" title="Bộ">Bộ</a>',
      '<a rel="noopener noreferrer" href="/tin-tuc">tin</a>',
      'href="mailto:so@lamdong.gov.vn"',
    ])
      expect(out).toContain(piece);
  });

  it('drops other elements but keeps their text; drops script and style content', () => {
    expect(sanitizeArticleHtml('<div><span>chữ</span></div><h1>Lớn</h1>')).toBe('chữLớn');
    expect(sanitizeArticleHtml('<p>a<script>b</script><style>c</style>d</p>')).toBe('<p>ad</p>');
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">chữ</a>')).toBe('<a rel="noopener noreferrer">chữ</a>');
  });

  it('plain text for descriptions', () => {
    expect(plainText('<p>An toàn &amp; <strong>vệ sinh</strong></p><script>x</script>\n<p>lao động</p>')).toBe(
      'An toàn & vệ sinh lao động',
    );
  });
});
