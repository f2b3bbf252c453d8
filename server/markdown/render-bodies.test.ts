// The batch renderer's own bounds and its text form, without a database: documents
// with no context and no references ask nothing of the lookups.
import { describe, expect, it } from 'vitest';
import { htmlText } from './html-text.js';
import type { LookupDeps } from './reference-lookup.js';
import { renderBodies } from './render-bodies.js';
import { MAX_MARKDOWN_BYTES } from './render-markdown.js';

// Any call to the lookups fails the test: these documents must not need them.
const noLookups = new Proxy({} as LookupDeps, {
  get: () => {
    throw new Error('no lookup expected');
  },
});

describe('renderBodies', () => {
  it('renders each document in order, null and empty ones as empty strings', async () => {
    const out = await renderBodies(noLookups, [
      { text: '**a** &amp; <b>b</b>', context: null },
      { text: null, context: null },
      { text: '', context: 'alice/pub' },
      { text: '- [x] done\n- <script>alert(1)</script>', context: null },
    ]);
    expect(out[0]).toEqual({ html: '<p><strong>a</strong> &amp; <b>b</b></p>\n', text: 'a & b' });
    expect(out[1]).toEqual({ html: '', text: '' });
    expect(out[2]).toEqual({ html: '', text: '' });
    expect(out[3]!.html).not.toMatch(/script|alert/);
    expect(out[3]!.text).toBe('done');
  });

  it('renders a body only from its first 400 KB', async () => {
    const [out] = await renderBodies(noLookups, [{ text: 'a'.repeat(MAX_MARKDOWN_BYTES + 5000), context: null }]);
    expect(out!.text).toHaveLength(MAX_MARKDOWN_BYTES);
  });
});

describe('htmlText', () => {
  it('is the text content: entities decoded, elements gone, never their attributes', () => {
    expect(htmlText('<p>x &lt;y&gt; &quot;z&quot; <img alt="hidden" src="a.png"> <a href="/u">link</a></p>')).toBe(
      'x <y> "z"  link',
    );
  });
});
