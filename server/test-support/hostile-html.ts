// The usual XSS spellings in Markdown and HTML, and a check of rendered HTML
// for what a browser would run or load from it: the output is parsed as a
// browser would tokenise it (htmlparser2, the sanitiser's own parser, which
// decodes entities in attribute values), then checked for dangerous elements,
// event handlers, style and non-web URLs. Every renderer's tests use both.
import { Parser } from 'htmlparser2';

export const HOSTILE_MARKDOWN = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//x.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[a](javascript:alert(1))',
  '[a](JaVaScRiPt:alert(1))',
  '[a](  javascript:alert(1))',
  '[a](&#106;avascript:alert(1))',
  '[a](java&#x09;script:alert(1))',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="jav&#x09;ascript:alert(1)">a</a>',
  '<a href="jav\tascript:alert(1)">a</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">a</a>',
  '<a href=" &#14; javascript:alert(1)">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<iframe src="https://x.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="https://x.example"><input name=a><button formaction="javascript:alert(1)">b</button></form>',
  '<input type="text" autofocus onfocus=alert(1)>',
  '<input type="checkbox" onclick=alert(1)>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>*{background:red}</style>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<link rel=stylesheet href=//x.example/x.css><meta http-equiv=refresh content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<a href="https://ok.example" onmouseover="alert(1)">a</a>',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | <img src=x onerror=alert(1)> |',
  '| [x](javascript:alert(1)) | <a href="javascript:alert(1)">y</a> |\n|---|---|\n| 1 | 2 |',
  '- [ ] <img src=x onerror=alert(1)>\n- [x] [t](javascript:alert(1))',
  '```html\n<script>alert(1)</script>\n```',
  '<div>\n\n<script>alert(1)</script>\n\n</div>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<a href="\u0000javascript:alert(1)">a</a>',
  '[a][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<img srcset="javascript:alert(1) 1x">',
  '<picture><source srcset="javascript:alert(1)"><img src="x"></picture>',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<a href="#" xlink:href="javascript:alert(1)">a</a>',
  '<table><tr><td background="javascript:alert(1)">x</td></tr></table>',
];

const FORBIDDEN_ELEMENTS = new Set(
  'script style iframe frame frameset form button textarea select option object embed applet link meta base svg math template noscript'.split(
    ' ',
  ),
);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'longdesc', 'srcset', 'action', 'formaction', 'background']);

/** What a browser would run or load from `html`, as a list of findings ([] when safe). */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (FORBIDDEN_ELEMENTS.has(name)) found.push(`<${name}>`);
        if (name === 'input' && attributes.type !== 'checkbox') found.push('a form field');
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute) || attribute === 'style' || attribute.includes(':')) found.push(attribute);
          // As a URL parser reads it: control characters and whitespace dropped, any case.
          const url = [...value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (URL_ATTRIBUTES.has(attribute) && /^(javascript|vbscript|data|file):/.test(url))
            found.push(`${attribute}=${value}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}
