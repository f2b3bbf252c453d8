// Bounded work for the sanitiser: htmlparser2 keeps its open elements in an
// array it unshifts into, so each level of nesting costs time proportional to
// the depth (1 MB of `<div>` took a minute). Before sanitising, any start tag
// that would open deeper than MAX_OPEN_ELEMENTS is escaped into text. The count
// is a cheap approximation (void elements skipped, an end tag closes one level);
// erring only escapes more or less markup, and the sanitiser still judges the rest.
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)[^>]*>/g;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** More open elements than this and start tags are shown as text, not opened. */
export const MAX_OPEN_ELEMENTS = 256;

export function flattenDeepElements(html: string): string {
  let depth = 0;
  let flattened = false;
  const out = html.replace(TAG, (tag, slash: string, name: string) => {
    if (slash) {
      depth = Math.max(0, depth - 1);
      return tag;
    }
    if (VOID.has(name.toLowerCase()) || tag.endsWith('/>')) return tag;
    if (depth >= MAX_OPEN_ELEMENTS) {
      flattened = true;
      return `&lt;${tag.slice(1)}`;
    }
    depth++;
    return tag;
  });
  return flattened ? out : html;
}
