// What rendered Markdown may contain: GitHub's allow list (html-pipeline's
// SanitizationFilter), applied by sanitize-html to the whole rendered
// document, so raw HTML in the input and the renderer's own output pass the
// same gate. Nothing else: no script, style, iframe, form, event handler, or
// URL outside http(s)/mailto (and relative ones), whatever its spelling;
// sanitize-html decodes entities and strips control characters before it
// compares a scheme.
import sanitizeHtml from 'sanitize-html';
import { flattenDeepElements } from './html-depth.js';

const ELEMENTS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'div', 'br', 'b', 'i', 'strong', 'em', 'a', 'pre', 'code'],
  ...['img', 'tt', 'ins', 'del', 'sup', 'sub', 'p', 'ol', 'ul', 'table', 'thead', 'tbody', 'tfoot', 'blockquote'],
  ...['dl', 'dt', 'dd', 'kbd', 'q', 'samp', 'var', 'hr', 'ruby', 'rt', 'rp', 'li', 'tr', 'td', 'th', 's', 'strike'],
  ...['summary', 'details', 'caption', 'figure', 'figcaption', 'abbr', 'bdo', 'cite', 'dfn', 'mark', 'small'],
  ...['span', 'time', 'wbr', 'picture', 'source', 'input'],
];

// Attributes any element may keep (GitHub's list, less those that only mean something on form fields).
const COMMON = [
  ...['abbr', 'align', 'alt', 'axis', 'border', 'cellpadding', 'cellspacing', 'char', 'charoff', 'clear', 'color'],
  ...['cols', 'colspan', 'compact', 'coords', 'datetime', 'dir', 'headers', 'height', 'hreflang', 'hspace', 'label'],
  ...['lang', 'nowrap', 'open', 'rel', 'rev', 'role', 'rows', 'rowspan', 'rules', 'scope', 'span', 'start'],
  ...['summary', 'title', 'valign', 'width', 'itemprop', 'id'],
];

/** Bounded work: elements deeper than this are dropped (their text kept), so the sanitiser's stack stays small. */
export const MAX_HTML_NESTING = 64;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ELEMENTS,
  allowedAttributes: {
    '*': COMMON,
    a: ['href', 'name'],
    img: ['src', 'longdesc', 'alt', 'width', 'height'],
    source: ['srcset', 'media'],
    div: ['itemscope', 'itemtype'],
    blockquote: ['cite'],
    del: ['cite'],
    ins: ['cite'],
    q: ['cite'],
    ol: ['start', 'type'],
    li: ['class'],
    input: ['type', 'checked', 'disabled', 'class'],
  },
  // The renderer's own marks: a fence's language and a task item's checkbox.
  allowedClasses: {
    code: ['language-*'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'longdesc', 'srcset'],
  allowProtocolRelative: true,
  // Dropped with their contents, not unwrapped to text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'template', 'xmp'],
  disallowedTagsMode: 'discard',
  nestingLimit: MAX_HTML_NESTING,
  parseStyleAttributes: false,
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: {
    // A checkbox is a picture of a task's state, never a form field that can be changed.
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(flattenDeepElements(html), OPTIONS);
}
