// readBodyBytes reads a request's body once: an operation run again for the
// same request (route-runner.ts, after a rename that landed mid-request) gets
// the same bytes, not the empty rest of a consumed stream.
import { mockEvent } from 'h3';
import { expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS, readBodyText } from './body-reader.js';

it('gives the same body to a second read of the same request', async () => {
  const event = mockEvent('http://localhost/repos/a/b/issues', { method: 'POST', body: '{"title":"once"}' });
  expect(await readBodyText(event, DEFAULT_BODY_LIMITS)).toBe('{"title":"once"}');
  expect(await readBodyText(event, DEFAULT_BODY_LIMITS)).toBe('{"title":"once"}');
  // Another request's body is its own.
  const other = mockEvent('http://localhost/repos/a/b/issues', { method: 'POST', body: '{"title":"other"}' });
  expect(await readBodyText(other, DEFAULT_BODY_LIMITS)).toBe('{"title":"other"}');
});
