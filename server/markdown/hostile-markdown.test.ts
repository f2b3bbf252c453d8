// Whatever the input, the HTML /markdown answers carries no script: each
// vector (the usual XSS spellings, test-support/hostile-html.ts) is rendered in
// both modes and the output parsed as a browser would tokenise it, then checked
// for dangerous elements, event handlers, style and non-web URLs.
import { describe, expect, it } from 'vitest';
import { dangers, HOSTILE_MARKDOWN } from '../test-support/hostile-html.js';
import { renderOffline } from '../test-support/markdown-offline.js';

describe('hostile Markdown', () => {
  it('the check finds what it looks for in unsanitised HTML', () => {
    expect(dangers('<img src=x onerror=a><a href="jav&#x09;ascript:x">a</a><svg><form>')).toEqual([
      'onerror',
      'href=jav\tascript:x',
      '<svg>',
      '<form>',
    ]);
  });

  it.each(HOSTILE_MARKDOWN)('%s renders without script, handler, style or dangerous URL', async (text) => {
    for (const mode of ['markdown', 'gfm'] as const) {
      const html = await renderOffline(text, mode);
      expect(dangers(html), html).toEqual([]);
    }
  });

  it('keeps what GitHub keeps: tables, task lists, strikethrough, autolinks, fenced code with its language', async () => {
    const text =
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\n~~gone~~ https://example.com\n\n```ts\nconst x = 1;\n```';
    const html = await renderOffline(text, 'gfm');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toMatch(/<input type="checkbox" class="task-list-item-checkbox" disabled( \/)?> todo/);
    expect(html).toMatch(/<input type="checkbox" class="task-list-item-checkbox" disabled checked( \/)?> done/);
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
    expect(html).toContain('<pre><code class="language-ts">const x = 1;\n</code></pre>');
  });

  it('gfm turns a single newline into <br>, markdown joins the lines', async () => {
    expect(await renderOffline('a\nb', 'gfm')).toBe('<p>a<br />\nb</p>\n');
    expect(await renderOffline('a\nb', 'markdown')).toBe('<p>a\nb</p>\n');
  });
});
