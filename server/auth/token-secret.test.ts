// parseAuthorization reads the usual `token t` / `Bearer t` without its regex;
// whatever the header, the answer must be the regex's (the documented grammar:
// optional spaces, `bearer` or `token` in any case, spaces, one run of
// non-space characters, optional spaces).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAuthorization } from './token-secret.js';

function grammar(header: string) {
  if (header.trim() === '') return null;
  const match = /^\s*(bearer|token)\s+(\S+)\s*$/i.exec(header);
  return match ? { token: match[2]! } : { malformed: true };
}

const schemes = fc.constantFrom(
  'token ',
  'Bearer ',
  'bearer ',
  'TOKEN ',
  'token  ',
  ' token ',
  'token\t',
  'Basic ',
  'token',
  '',
);
const tokens = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('ghp_abc', 'ghp_abc ', 'ghp abc', 'gh\u00a0p', '\u2003x'),
);

describe('parseAuthorization', () => {
  it('answers by the documented grammar for any header', () => {
    fc.assert(
      fc.property(schemes, tokens, (scheme, token) => {
        expect(parseAuthorization(scheme + token)).toEqual(grammar(scheme + token));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the common forms and refuses the rest', () => {
    expect(parseAuthorization('token ghp_x')).toEqual({ token: 'ghp_x' });
    expect(parseAuthorization('Bearer ghp_x')).toEqual({ token: 'ghp_x' });
    expect(parseAuthorization('token ghp_x extra')).toEqual({ malformed: true });
    expect(parseAuthorization('   ')).toBeNull();
    expect(parseAuthorization(null)).toBeNull();
  });
});
