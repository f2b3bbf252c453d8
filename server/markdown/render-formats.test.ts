// The one-line formats of the batch renderer (render-bodies.ts): titles,
// commit messages and repository descriptions. Each is one inline run (never
// a `<p>`) and escapes everything GitHub leaves as text; none lets a script,
// an event handler or a `javascript:` URL through, whatever the input.
import { describe, expect, it } from 'vitest';
import { dangers, HOSTILE_MARKDOWN } from '../test-support/hostile-html.js';
import { offlineDeps } from '../test-support/markdown-offline.js';
import { type BodyFormat, renderBodies } from './render-bodies.js';

const html = async (text: string, format: BodyFormat) =>
  (await renderBodies(offlineDeps, [{ text, context: null, format }]))[0]!.html;

const FORMATS = ['title', 'message', 'description'] as const;

describe('one-line formats', () => {
  it.each(HOSTILE_MARKDOWN)('%s renders without script, handler, style or dangerous URL', async (text) => {
    for (const format of FORMATS) {
      const out = await html(text, format);
      expect(dangers(out), `${format}: ${out}`).toEqual([]);
      expect(out).not.toMatch(/<script|<img|<a href="javascript/i);
    }
  });

  it('a title renders code spans and escapes everything else, without <p>', async () => {
    expect(await html('Fix `a<b>` **now** <b>x</b> &amp; _y_\n# z', 'title')).toBe(
      'Fix <code>a&lt;b&gt;</code> **now** &lt;b&gt;x&lt;/b&gt; &amp;amp; _y_\n# z',
    );
    expect(await html('see https://example.com', 'title')).toBe('see https://example.com');
  });

  it('a commit message is text with its URLs linked, newlines kept', async () => {
    expect(await html('Fix `x` <b>y</b> *z*\n\nSee https://example.com/a?b=1&c and www.example.org', 'message')).toBe(
      'Fix `x` &lt;b&gt;y&lt;/b&gt; *z*\n\nSee <a href="https://example.com/a?b=1&amp;c">https://example.com/a?b=1&amp;c</a> and <a href="http://www.example.org">www.example.org</a>',
    );
    expect(await html('[a](https://example.com) <https://example.com>', 'message')).toBe(
      '[a](<a href="https://example.com">https://example.com</a>) &lt;<a href="https://example.com">https://example.com</a>&gt;',
    );
  });

  it('shows GitHub’s :emoji: in each one-line format, outside code and links', async () => {
    expect(await html(':rocket: `:tada:` :not_an_emoji: :+1:', 'title')).toBe(
      '🚀 <code>:tada:</code> :not_an_emoji: 👍',
    );
    expect(await html('Ship :ship: https://example.com/:tada:', 'message')).toBe(
      'Ship 🚢 <a href="https://example.com/:tada:">https://example.com/:tada:</a>',
    );
    expect(await html(':sparkles:', 'description')).toBe('✨');
  });

  it('a description links URLs and never references', async () => {
    const deps = { ...offlineDeps, sql: () => Promise.reject(new Error('no lookup expected')) } as never;
    const [out] = await renderBodies(deps, [
      { text: 'Docs at https://example.com for #1 and @alice <i>x</i>', context: 'alice/pub', format: 'description' },
    ]);
    expect(out!.html).toBe(
      'Docs at <a href="https://example.com">https://example.com</a> for #1 and @alice &lt;i&gt;x&lt;/i&gt;',
    );
  });
});
